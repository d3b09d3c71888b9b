import { createRequire } from 'node:module';
import type MarkdownItClass from 'markdown-it';
import { campaignTexts, formatPerformanceDate, scheduleInstant, SITE_NAME, UNSUBSCRIBE_PLACEHOLDER } from '@bande/shared';
import type { DB } from '../../db/connection.ts';
import { BODY_PLACEHOLDER, escapeHtml as escape, fillFrame, LETTER_LOOK, type FrameVariant } from './letter-frame.ts';
import { LETTER_FRAMES } from './letter-frames.generated.ts';

/**
 * A campaign's mail: the volunteer's Markdown (markdown-it, raw HTML off) inside a frame MJML laid out
 * beforehand (letter-frame.ts) in the table markup mail clients on phones and desktops read well. Every link and image
 * is made absolute; images must be the site's own uploads (others are refused at save and dropped
 * here); nothing is added that reports a reading (no pixel, no redirecting link).
 */
// Made with the first letter written or sent rather than at start (markdown-it: about 8 MB; issue 27).
const requireModule = createRequire(import.meta.url);
type MarkdownIt = InstanceType<typeof MarkdownItClass>;
let parser: MarkdownIt | undefined;
const markdownIt = (): MarkdownIt => (parser ??= new (requireModule('markdown-it') as typeof MarkdownItClass)({ html: false, linkify: true, breaks: false }));

/** Lets the event loop serve others between two long steps of one letter. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A link's address as it will be followed: percent-escapes undone (as far as they decode). */
const decoded = (href: string) => {
  try {
    return decodeURIComponent(href);
  } catch {
    return href;
  }
};

/**
 * A Markdown image source as the site's upload it names, absolute and normalised, or null when it is
 * not one: written '/uploads/…' or '<SITE_URL>/uploads/…', and still under /uploads/ once its dot
 * segments are resolved ('/uploads/../../api/…' and '/uploads/%2e%2e/…' are refused, issue 33).
 */
export function ownUpload(src: string, siteUrl: string): string | null {
  const written = src.startsWith('/uploads/') ? `${siteUrl}${src}` : src;
  if (!written.startsWith(`${siteUrl}/uploads/`)) return null;
  const root = new URL(`${siteUrl}/uploads/`).href;
  let url: URL;
  try {
    url = new URL(written);
  } catch {
    return null;
  }
  // Encoded separators ('..%2f..%2fapi') are one segment to the URL, but may not be to a server.
  if (!url.href.startsWith(root) || decoded(url.pathname).split(/[/\\]/).includes('..')) return null;
  return url.href;
}

type Token = ReturnType<MarkdownIt['parse']>[number];

/**
 * A letter's Markdown as markdown-it's tokens. Parsing is the costly step (about 30 ms for the largest
 * body the form takes, issue 33): each request parses once and reads the tokens for every check and
 * both renderings, each in a turn of its own, so that no stretch holds the event loop for more than one parse.
 */
export const parseLetter = (body: string): Token[] => markdownIt().parse(body, {});

/** Every token of a list, nested ones (a paragraph's inline content) included, in order. */
function* everyToken(tokens: Token[]): Generator<Token> {
  for (const token of tokens) {
    yield token;
    if (token.children) yield* everyToken(token.children);
  }
}

/** The image sources of a Markdown text that are not the site's uploads. */
export function foreignImages(body: string | Token[], siteUrl: string): string[] {
  const found: string[] = [];
  for (const token of everyToken(typeof body === 'string' ? parseLetter(body) : body)) {
    if (token.type === 'image') {
      const src = String(token.attrGet('src') ?? '');
      if (ownUpload(src, siteUrl) === null) found.push(src);
    }
  }
  return found;
}

/**
 * Why a letter would carry a subscriber's own value where it does not belong (French), or null. The
 * copies differ only by UNSUBSCRIBE_PLACEHOLDER, replaced in each by that subscriber's link: a body
 * whose text spells it (even through an HTML entity or a percent-escape) would put that link where the
 * volunteer chose, and a link to another site that names the site's unsubscribe page would hand it out.
 */
export function personalValueProblem(body: string | Token[], siteUrl: string): string | null {
  const unsubscribePage = `${siteUrl}/newsletter/desinscription`;
  let problem: string | null = null;
  for (const token of everyToken(typeof body === 'string' ? parseLetter(body) : body)) {
    if (token.content.includes(UNSUBSCRIBE_PLACEHOLDER)) problem ??= campaignTexts.personalPlaceholder;
    for (const [, attr] of token.attrs ?? []) {
      const value = String(attr);
      const plain = decoded(value);
      if (plain.includes(UNSUBSCRIBE_PLACEHOLDER)) problem ??= campaignTexts.personalPlaceholder;
      const elsewhere = /^[a-z][a-z\d+.-]*:|^\/\//i.test(value) && !value.startsWith(`${siteUrl}/`);
      if (elsewhere && plain.includes(unsubscribePage)) problem ??= campaignTexts.personalLink;
    }
  }
  return problem;
}

/**
 * Why a letter's body cannot be saved or sent (French), or null: an image from elsewhere, or a
 * subscriber's own value where it does not belong. One parse, the walk a turn later.
 */
export async function letterProblem(body: string, siteUrl: string): Promise<string | null> {
  const tokens = parseLetter(body);
  await nextTurn();
  return foreignImages(tokens, siteUrl).length ? campaignTexts.foreignImage : personalValueProblem(tokens, siteUrl);
}

const absolute = (href: string, siteUrl: string) => (href.startsWith('/') && !href.startsWith('//') ? `${siteUrl}${href}` : href);

/** The Markdown as HTML with absolute links and only the site's images (the mail's and the archive's body). */
export function bodyHtml(body: string | Token[], siteUrl: string): string {
  const markdown = markdownIt();
  // Its tokens are changed in place (absolute links, foreign images as text): read them for anything else first.
  const tokens = typeof body === 'string' ? parseLetter(body) : body;
  const fix = (list: typeof tokens) => {
    for (const token of list) {
      if (token.type === 'link_open') token.attrSet('href', absolute(String(token.attrGet('href') ?? ''), siteUrl));
      if (token.type === 'image') {
        const src = ownUpload(String(token.attrGet('src') ?? ''), siteUrl);
        if (src !== null) {
          token.attrSet('src', src);
          token.attrSet('style', 'max-width:100%;height:auto');
        } else {
          // Not the site's: its alt text stays, nothing is fetched from elsewhere.
          token.type = 'text';
          token.content = token.content || '';
          token.children = null;
        }
      }
      if (token.children) fix(token.children);
    }
  };
  fix(tokens);
  return markdown.renderer.render(tokens, markdown.options, {});
}

/** One paragraph's inline tokens as text: links written out after their words, images as their alt text. */
function inlineText(children: Token[], siteUrl: string): string {
  let out = '';
  const open: { at: number; href: string; bare: boolean }[] = [];
  for (const child of children) {
    switch (child.type) {
      case 'text':
      case 'code_inline':
        out += child.content;
        break;
      case 'softbreak':
      case 'hardbreak':
        out += '\n';
        break;
      case 'image':
        // markdown-it keeps the alt text as the image's content; only words reach the text part.
        out += child.content;
        break;
      case 'link_open':
        // A bare address (linkify, <…>) is already written out: its URL is not repeated.
        open.push({ at: out.length, href: absolute(String(child.attrGet('href') ?? ''), siteUrl), bare: child.markup === 'linkify' || child.markup === 'autolink' });
        break;
      case 'link_close': {
        const link = open.pop();
        if (link && !link.bare && link.href && out.slice(link.at) !== link.href) out += ` (${link.href})`;
        break;
      }
    }
  }
  return out;
}

/**
 * Markdown as plain text, from the same markdown-it token stream as the HTML (never regexes on the
 * volunteer's text, whose backtracking once froze the server: issue 33). One pass over the tokens:
 * paragraphs and headings apart, list items as « - » or « 1. », quotes as « > », table rows joined by
 * « | », links as « words (url) », images as their alt text. Linear in the body's length.
 */
export function bodyText(body: string | Token[], siteUrl: string): string {
  // Blocks of one list or one table (`group`) follow each other line by line; others are a blank line apart.
  const blocks: { text: string; group: number | undefined }[] = [];
  let groups = 0;
  let group: number | undefined;
  const lists: { ordered: boolean; n: number }[] = [];
  let quotes = 0;
  let marker: string | undefined;
  let row: string[] | undefined;
  const push = (text: string) => {
    const depth = Math.max(lists.length - 1, 0);
    const lead = '> '.repeat(quotes) + '  '.repeat(depth);
    const first = lead + (marker ?? (lists.length ? '  ' : ''));
    const rest = lead + (lists.length ? '  ' : '');
    blocks.push({ text: first + text.split('\n').join(`\n${rest}`), group });
    marker = undefined;
  };
  for (const token of typeof body === 'string' ? parseLetter(body) : body) {
    switch (token.type) {
      case 'bullet_list_open':
      case 'ordered_list_open':
        if (!lists.length) group = ++groups;
        lists.push({ ordered: token.type === 'ordered_list_open', n: Number(token.attrGet('start') ?? 1) - 1 });
        break;
      case 'bullet_list_close':
      case 'ordered_list_close':
        lists.pop();
        if (!lists.length) group = undefined;
        break;
      case 'table_open':
        group = ++groups;
        break;
      case 'table_close':
        group = undefined;
        break;
      case 'list_item_open': {
        const list = lists[lists.length - 1]!;
        list.n += 1;
        marker = list.ordered ? `${list.n}. ` : '- ';
        break;
      }
      case 'blockquote_open':
        quotes += 1;
        break;
      case 'blockquote_close':
        quotes -= 1;
        break;
      case 'tr_open':
        row = [];
        break;
      case 'tr_close':
        if (row) push(row.join(' | '));
        row = undefined;
        break;
      case 'inline': {
        const text = inlineText(token.children ?? [], siteUrl);
        if (row) row.push(text);
        else push(text);
        break;
      }
      case 'code_block':
      case 'fence':
        push(token.content.replace(/\n$/, ''));
        break;
      case 'hr':
        push('—');
        break;
    }
  }
  return blocks.map((block, i) => (i === 0 ? '' : block.group !== undefined && block.group === blocks[i - 1]!.group ? '\n' : '\n\n') + block.text).join('');
}

export interface UpcomingPerformance {
  date: string;
  venue: string;
  showName: string;
  showUrl: string;
  reservationUrl: string | null;
}

/** At least the next five: a few more when close, so that a busy week is not cut short. */
const UPCOMING_COUNT = 6;

/** The published shows' performances still to come, soonest first, with absolute links. */
export async function upcomingPerformances(db: DB, siteUrl: string, now: Date): Promise<UpcomingPerformance[]> {
  const rows = await db
    .selectFrom('performances')
    .innerJoin('shows', 'shows.id', 'performances.showId')
    .select(['performances.date', 'performances.address', 'performances.venueName', 'performances.bookingLink', 'shows.name', 'shows.slug'])
    .where('shows.published', '=', 1)
    .execute();
  return rows
    .map((row) => ({ row, at: scheduleInstant(row.date) }))
    .filter(({ at }) => !Number.isNaN(at) && at >= now.getTime())
    .sort((a, b) => a.at - b.at)
    .slice(0, UPCOMING_COUNT)
    .map(({ row }) => ({
      date: row.date,
      venue: [row.venueName, row.address].filter(Boolean).join(', '),
      showName: row.name,
      showUrl: `${siteUrl}/show/${encodeURIComponent(row.slug)}`,
      // The site takes no reservations of its own yet: the performance's booking link, when it has one.
      reservationUrl: row.bookingLink && /^https?:\/\//i.test(row.bookingLink) ? row.bookingLink : null,
    }));
}

/** Where a copy's « Voir dans le navigateur » points and what its footer says (from the legal details). */
export interface LetterFrame {
  /** The letter's archive page (/lettres/<slug>), or the archive's list while the letter has no slug yet. */
  archiveUrl: string;
  /** The association's name, address and contact as the legal details give them (blank when not filled in). */
  association: { name: string; address: string; contact: string };
}

export interface CampaignContent {
  subject: string;
  body: string;
  upcoming: UpcomingPerformance[];
  frame?: LetterFrame;
}

/** The letter without its personal part (the unsubscribe link): what every copy and the archive share. */
export interface RenderedCampaign {
  html: string;
  text: string;
}

/** A letter that cannot be rendered as written: its French reason is shown in « Lettres ». */
export class LetterRenderError extends Error {}

/**
 * `transactional`: a thank-you to the people who came (issue 32) has no unsubscribe footer (it is no
 * newsletter) and so no personal part: every copy is the same letter. Nor has it an archive page, so
 * no « Voir dans le navigateur ».
 */
export async function renderCampaign({ subject, body, upcoming, frame }: CampaignContent, siteUrl: string, { transactional = false } = {}): Promise<RenderedCampaign> {
  // Refused at save and at send too; checked here again for a letter saved before the rule.
  if (subject.includes(UNSUBSCRIBE_PLACEHOLDER)) throw new LetterRenderError(campaignTexts.personalPlaceholder);
  // Parsed once; the checks, the text and the HTML read these tokens, each a turn apart.
  const tokens = parseLetter(body);
  await nextTurn();
  const personal = personalValueProblem(tokens, siteUrl);
  if (personal) throw new LetterRenderError(personal);
  const archiveUrl = frame?.archiveUrl ?? `${siteUrl}/lettres`;
  const who = [frame?.association.name.trim() || SITE_NAME, frame?.association.address.trim(), frame?.association.contact.trim()].filter((line): line is string => Boolean(line));
  const items = upcoming.map(
    (p) =>
      `<strong>${escape(formatPerformanceDate(p.date))}</strong><br/>${escape(p.showName)} — ${escape(p.venue)}<br/><a href="${escape(p.showUrl)}" style="color:${LETTER_LOOK.curtain}">${escape(campaignTexts.seeShow)}</a>${
        p.reservationUrl ? ` · <a href="${escape(p.reservationUrl)}" style="color:${LETTER_LOOK.curtain};font-weight:bold">${escape(campaignTexts.reserve)}</a>` : ''
      }`,
  );
  const variant: FrameVariant = `${transactional ? 'transactional' : 'letter'}${items.length ? '-upcoming' : ''}`;
  // The frame compiled from MJML when the code was built (letter-frame.ts); the body goes in its place.
  const layout = fillFrame(LETTER_FRAMES[variant], { subject: escape(subject), archiveUrl: escape(archiveUrl), siteUrl: escape(siteUrl), footerLines: who.map(escape).join('<br/>'), items });
  const [before, after] = layout.split(BODY_PLACEHOLDER);
  if (after === undefined) throw new Error('Le cadre de la lettre a perdu la place de son corps');
  // The text first: the HTML's rendering changes the tokens.
  const plainBody = bodyText(tokens, siteUrl);
  await nextTurn();
  const html = before + bodyHtml(tokens, siteUrl) + after;
  await nextTurn();
  const upcomingText = upcoming.length
    ? `\n\n${campaignTexts.upcomingTitle}\n\n${upcoming
        .map((p) => `- ${formatPerformanceDate(p.date)} : ${p.showName}, ${p.venue}\n  ${p.showUrl}${p.reservationUrl ? `\n  ${campaignTexts.reserve} : ${p.reservationUrl}` : ''}`)
        .join('\n')
        // A show's name or venue as typed by an editor: never a subscriber's link.
        .replaceAll(UNSUBSCRIBE_PLACEHOLDER, '')}`
    : '';
  const whoText = who.join('\n').replaceAll(UNSUBSCRIBE_PLACEHOLDER, '');
  const top = transactional ? '' : `${campaignTexts.viewInBrowser} : ${archiveUrl}\n\n`;
  const bottom = transactional ? '' : `\n${campaignTexts.unsubscribeNote}\n${campaignTexts.unsubscribe} : ${UNSUBSCRIBE_PLACEHOLDER}\n`;
  const text = `${top}${subject}\n\n${plainBody}${upcomingText}\n\n—\n${whoText}\n${siteUrl}/\n${bottom}`;
  return { html, text };
}

/** A copy for one subscriber: the shared letter with their own unsubscribe link. */
export function personalize(letter: RenderedCampaign, unsubscribeUrl: string): RenderedCampaign {
  return { html: letter.html.replaceAll(UNSUBSCRIBE_PLACEHOLDER, escape(unsubscribeUrl)), text: letter.text.replaceAll(UNSUBSCRIBE_PLACEHOLDER, unsubscribeUrl) };
}

