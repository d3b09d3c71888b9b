import { SITE_NAME } from '@bande/shared/texts';
import { absoluteUrl, DEFAULT_HEAD, type ImagePreload, type PageHead } from './page-head.ts';
import { withoutTrailingSlashes } from '@bande/shared/format/trim-chars';

/** Marks the tags this module owns, so that the client replaces the server's tags instead of adding more. */
export const HEAD_MARKER = 'data-page-head';

const escapeText = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (value: string) => escapeText(value).replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** JSON inside <script>: a '<' written as \u003c keeps '</script>' or '<!--' in a text from ending the script. */
export const serializeJsonLd = (data: Record<string, unknown>) =>
  JSON.stringify(data).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

type Attributes = Record<string, string | number | undefined>;

function tag(name: string, attributes: Attributes, marked = true): string {
  const rendered = Object.entries(attributes)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined && entry[1] !== '')
    .map(([key, value]) => ` ${key}="${escapeAttribute(String(value))}"`)
    .join('');
  return `<${name}${marked ? ` ${HEAD_MARKER}` : ''}${rendered}>`;
}

const meta = (name: string, content: string | number | undefined) => (content === undefined ? '' : tag('meta', { name, content }));
const property = (key: string, content: string | number | undefined) =>
  content === undefined ? '' : tag('meta', { property: key, content });

/** The query string and fragment never belong in a canonical address. */
const cleanPath = (path: string) => path.split(/[?#]/, 1)[0] || '/';

/** `siteName`: the association's name as staff wrote it (« Textes du site »). */
export function documentTitle(head: PageHead, siteName: string = SITE_NAME): string {
  return head.full ? head.title : `${head.title} — ${siteName}`;
}

/**
 * Every head tag of a page as one HTML string: the server writes it into the document, the client
 * applies it on navigation (apply-head.ts). Attribute values and the title are HTML-escaped.
 */
export function renderHeadTags(
  head: PageHead | undefined,
  options: { siteUrl: string; pathname: string; preloads: readonly ImagePreload[]; siteName?: string },
): string {
  const siteName = options.siteName ?? SITE_NAME;
  const page = head ?? DEFAULT_HEAD;
  const siteUrl = withoutTrailingSlashes(options.siteUrl);
  const url = absoluteUrl(cleanPath(page.path ?? options.pathname), siteUrl);
  const image = page.image ? { ...page.image, url: absoluteUrl(page.image.url, siteUrl) } : undefined;

  const tags = [
    `<title ${HEAD_MARKER}>${escapeText(documentTitle(page, siteName))}</title>`,
    meta('description', page.description),
    page.noindex ? meta('robots', 'noindex') : '',
    tag('link', { rel: 'canonical', href: url }),
    property('og:site_name', siteName),
    property('og:locale', 'fr_FR'),
    property('og:type', page.type ?? 'website'),
    property('og:title', page.title),
    property('og:description', page.description),
    property('og:url', url),
    property('og:image', image?.url),
    property('og:image:width', image?.width),
    property('og:image:height', image?.height),
    property('og:image:alt', image?.alt),
    meta('twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('twitter:title', page.title),
    meta('twitter:description', page.description),
    meta('twitter:image', image?.url),
    meta('twitter:image:alt', image?.alt),
    ...(page.jsonLd ?? []).map((data) => `<script ${HEAD_MARKER} type="application/ld+json">${serializeJsonLd(data)}</script>`),
    // Not marked: the client never manages preloads, and removing one after use would gain nothing.
    ...options.preloads.map((preload) =>
      tag(
        'link',
        {
          rel: 'preload',
          as: 'image',
          href: preload.href,
          imagesrcset: preload.imageSrcSet,
          imagesizes: preload.imageSizes,
          fetchpriority: 'high',
          type: preload.type,
        },
        false,
      ),
    ),
  ];
  return tags.filter(Boolean).join('\n');
}
