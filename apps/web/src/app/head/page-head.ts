import { SITE_NAME } from '@bande/shared/texts';
import { truncateText } from '@bande/shared/format/truncate';
import { withoutTrailingSlashes } from '@bande/shared/format/trim-chars';

/** What a page says about itself in the document head (title, description, sharing cards, structured data). */
export interface PageHead {
  /** The page's own title; the rendered <title> is `${title} — La Bande à Lire` except for the home page which passes `full: true`. */
  title: string;
  full?: boolean;
  /** Meta description, 70–160 characters, French. */
  description: string;
  /** Canonical path; default: the current location's pathname (no query string). */
  path?: string;
  /** og:image / twitter:image; a relative url is made absolute with the site url. */
  image?: { url: string; width?: number; height?: number; alt: string };
  type?: 'website' | 'article';
  /** One <script type="application/ld+json"> each. */
  jsonLd?: readonly Record<string, unknown>[];
  /** <meta name="robots" content="noindex"> (not-found page, maintenance screen). */
  noindex?: boolean;
}

/** An image the browser should fetch at once (the page's LCP image), found while rendering on the server. */
export interface ImagePreload {
  href: string;
  imageSrcSet?: string;
  imageSizes?: string;
  type?: string;
}

/** Filled by the server render: the deepest page's head and the images to preload. */
export interface HeadCollector {
  head?: PageHead;
  preloads: ImagePreload[];
}

export function createHeadCollector(): HeadCollector {
  return { preloads: [] };
}

/** The home page's full title, with the association's name as staff wrote it. */
export const homeTitle = (siteName: string) => `${siteName} — lectures théâtrales`;

/** The title of a page that declares no head. */
export const HOME_TITLE = homeTitle(SITE_NAME);

export const siteDescription = (siteName: string) =>
  `${siteName}, association de lectures théâtrales : spectacles, représentations, la troupe et ses origines.`;

export const SITE_DESCRIPTION = siteDescription(SITE_NAME);

/** The head of a page that declares none (and of the first paint of a client-only route). */
export const DEFAULT_HEAD: PageHead = { title: HOME_TITLE, full: true, description: SITE_DESCRIPTION };

/** Search engines show about 155 characters of a description; a longer one is cut there, at a word (158 with the ellipsis). */
export const DESCRIPTION_MAX = 155;

/**
 * A meta description from page text: one line (pitches and notes hold paragraphs), cut nicely at
 * DESCRIPTION_MAX with the site's own ellipsis rule.
 */
export function pageDescription(text: string): string {
  return truncateText(text.replace(/\s+/g, ' ').trim(), DESCRIPTION_MAX);
}

/** '/uploads/a.jpg' -> 'https://labande.fr/uploads/a.jpg'; absolute (and protocol-relative) urls are kept. */
export function absoluteUrl(url: string, siteUrl: string): string {
  if (/^[a-z][a-z\d+.-]*:/i.test(url)) return url;
  if (url.startsWith('//')) return `https:${url}`;
  return `${withoutTrailingSlashes(siteUrl)}${url.startsWith('/') ? '' : '/'}${url}`;
}
