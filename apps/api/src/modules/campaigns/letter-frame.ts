import { campaignTexts, SITE_NAME, UNSUBSCRIBE_PLACEHOLDER } from '@bande/shared';

/**
 * The frame of every letter (the site's header, the subject, the upcoming performances, the footer) in
 * MJML, which lays it out as the table markup mail clients read well. MJML is compiled when the code is
 * built, not when a letter is sent (MJML's own advice): its tools weigh 60 MB and 10 ms a letter, and the
 * server no longer loads them (issues 34 and 37). `npm run generate:letter-frames` compiles each variant
 * with placeholders where the letter's values go (letter-frames.generated.ts); a letter fills them in.
 * letter-frame.test.ts compares the filled frame with MJML's own output for the same values.
 */

/**
 * The site's look in a mail (apps/web/src/styles/tokens.css): its paper, ink and curtain red, the name
 * set in the serif of its titles. Web fonts do not load in most clients: the stacks are the site's
 * fallbacks, a book serif for the name and titles and the system sans-serif of its text.
 */
export const LETTER_LOOK = {
  paper: '#f7f1e6',
  surface: '#fbf8f2',
  ink: '#15131f',
  muted: '#5b5566',
  curtain: '#b8321f',
  line: '#e2d6c1',
  onDark: '#f7f1e6',
  display: "'Iowan Old Style', 'Palatino Linotype', Palatino, Georgia, serif",
  text: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
} as const;

const look = LETTER_LOOK;

// « % » too: no text of the letter's frame can spell one of the placeholders below.
export const escapeHtml = (text: string) => text.replace(/[&<>"'%]/g, (c) => `&#${c.charCodeAt(0)};`);

/** Where the body's HTML goes in the frame: MJML never lays out the volunteer's text. */
export const BODY_PLACEHOLDER = '%%BODY_HTML%%';

/** With or without « Voir dans le navigateur » and the unsubscribe note (a thank-you is transactional); with or without upcoming performances. */
export type FrameVariant = 'letter' | 'letter-upcoming' | 'transactional' | 'transactional-upcoming';
export const FRAME_VARIANTS: readonly FrameVariant[] = ['letter', 'letter-upcoming', 'transactional', 'transactional-upcoming'];

/** What a letter puts in its frame, each already HTML (escaped text, or markup made from escaped text). */
export interface FrameValues {
  subject: string;
  archiveUrl: string;
  siteUrl: string;
  /** The association's name, address and contact, `<br/>` between them. */
  footerLines: string;
  /** One upcoming performance each (the variants « -upcoming » need one at least). */
  items: string[];
}

/** The placeholders the generated frames hold, filled by fillFrame. */
export const FRAME_PLACEHOLDERS: FrameValues = {
  subject: '%%FRAME_SUBJECT%%',
  archiveUrl: '%%FRAME_ARCHIVE_URL%%',
  siteUrl: '%%FRAME_SITE_URL%%',
  footerLines: '%%FRAME_FOOTER_LINES%%',
  items: ['%%FRAME_ITEM%%'],
};

/** The frame in MJML, with these values (the placeholders, when generating). */
export function frameMjml(variant: FrameVariant, values: FrameValues): string {
  const transactional = variant.startsWith('transactional');
  const upcoming = variant.endsWith('-upcoming')
    ? `<mj-section background-color="${look.surface}" padding="8px 16px 16px" border-top="1px solid ${look.line}"><mj-column><mj-text font-family="${escapeHtml(look.display)}" font-size="22px" padding-top="20px" color="${look.ink}">${escapeHtml(campaignTexts.upcomingTitle)}</mj-text>${values.items
        .map((item) => `<mj-text padding-bottom="10px">${item}</mj-text>`)
        .join('')}</mj-column></mj-section>`
    : '';
  // Titles of the body in the site's serif, its links in curtain red, its images never wider than the column.
  const style = `<mj-style>.letter-body h1,.letter-body h2,.letter-body h3{font-family:${look.display};color:${look.ink};line-height:1.25;margin:1.2em 0 .4em}.letter-body a{color:${look.curtain}}.letter-body img{display:block;max-width:100%;height:auto;margin:0 auto;border-radius:4px}.letter-body blockquote{margin:1em 0;padding-left:1em;border-left:3px solid ${look.curtain};color:${look.muted}}</mj-style>`;
  const head = `<mj-head><mj-title>${values.subject}</mj-title><mj-attributes><mj-all font-family="${escapeHtml(look.text)}"/><mj-text font-size="16px" line-height="1.6" color="${look.ink}"/></mj-attributes>${style}</mj-head>`;
  const browserLink = `<mj-section padding="8px 16px"><mj-column><mj-text align="center" font-size="12px" color="${look.muted}"><a href="${values.archiveUrl}" style="color:${look.muted}">${escapeHtml(campaignTexts.viewInBrowser)}</a></mj-text></mj-column></mj-section>`;
  // The site's header: its name in the titles' serif, light on ink, over a curtain-red rule.
  const masthead = `<mj-section background-color="${look.ink}" border-bottom="4px solid ${look.curtain}" padding="20px 16px"><mj-column><mj-text align="center" font-family="${escapeHtml(look.display)}" font-size="28px" letter-spacing="0.5px" color="${look.onDark}"><a href="${values.siteUrl}/" style="color:${look.onDark};text-decoration:none">${escapeHtml(SITE_NAME)}</a></mj-text></mj-column></mj-section>`;
  const letter = `<mj-section background-color="${look.surface}" padding="16px 16px 8px"><mj-column><mj-text font-family="${escapeHtml(look.display)}" font-size="28px" line-height="1.2" color="${look.ink}">${values.subject}</mj-text><mj-text css-class="letter-body">${BODY_PLACEHOLDER}</mj-text></mj-column></mj-section>`;
  // The footer: the association's name and address, its contact, then the site's links.
  const link = (path: string, label: string) => `<a href="${values.siteUrl}${path}" style="color:${look.curtain}">${escapeHtml(label)}</a>`;
  const links = [link('/', campaignTexts.footerSite), link('/shows', campaignTexts.footerShows), link('/lettres', campaignTexts.footerLetters)].join(' · ');
  const unsubscribe = `<mj-text font-size="12px" line-height="1.5" color="${look.muted}" align="center">${escapeHtml(campaignTexts.unsubscribeNote)}<br/><a href="${UNSUBSCRIBE_PLACEHOLDER}" style="color:${look.muted}">${escapeHtml(campaignTexts.unsubscribe)}</a></mj-text>`;
  const footer = `<mj-section padding="8px 16px 24px"><mj-column><mj-text font-size="13px" line-height="1.6" color="${look.muted}" align="center">${values.footerLines}</mj-text><mj-text font-size="13px" color="${look.muted}" align="center">${links}</mj-text>${transactional ? '' : unsubscribe}</mj-column></mj-section>`;
  return `<mjml lang="fr">${head}<mj-body width="640px" background-color="${look.paper}">${transactional ? '' : browserLink}${masthead}${letter}${upcoming}${footer}</mj-body></mjml>`;
}

/**
 * A generated frame with a letter's values in place of its placeholders (escaped values cannot spell a
 * placeholder: `%` is escaped, so a subject never brings one in). The one upcoming performance the
 * frame was compiled with is its row of the column's table (`<tr>…</tr>` around FRAME_ITEM, with the white
 * space before it), repeated once per performance, as MJML lays out each of its `mj-text`.
 */
export function fillFrame(frame: string, values: FrameValues): string {
  let filled = frame;
  const item = frame.indexOf(FRAME_PLACEHOLDERS.items[0]!);
  if (item !== -1) {
    // From the end of the row before (MJML puts white space between rows) to the end of its own.
    const start = frame.lastIndexOf('</tr>', item) + '</tr>'.length;
    const end = frame.indexOf('</tr>', item) + '</tr>'.length;
    const row = frame.slice(start, end);
    filled = frame.slice(0, start) + values.items.map((html) => row.replace(FRAME_PLACEHOLDERS.items[0]!, () => html)).join('') + frame.slice(end);
  }
  const byName: Record<string, string> = { SUBJECT: values.subject, ARCHIVE_URL: values.archiveUrl, SITE_URL: values.siteUrl, FOOTER_LINES: values.footerLines };
  return filled.replace(/%%FRAME_(SUBJECT|ARCHIVE_URL|SITE_URL|FOOTER_LINES)%%/g, (_, name: string) => byName[name]!);
}
