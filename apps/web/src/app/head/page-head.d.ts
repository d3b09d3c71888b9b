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
    image?: {
        url: string;
        width?: number;
        height?: number;
        alt: string;
    };
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
export declare function createHeadCollector(): HeadCollector;
/** The home page's full title, with the association's name as staff wrote it. */
export declare const homeTitle: (siteName: string) => string;
/** The title of a page that declares no head. */
export declare const HOME_TITLE: string;
export declare const siteDescription: (siteName: string) => string;
export declare const SITE_DESCRIPTION: string;
/** The head of a page that declares none (and of the first paint of a client-only route). */
export declare const DEFAULT_HEAD: PageHead;
/** Search engines show about 155 characters of a description; a longer one is cut there, at a word (158 with the ellipsis). */
export declare const DESCRIPTION_MAX = 155;
/**
 * A meta description from page text: one line (pitches and notes hold paragraphs), cut nicely at
 * DESCRIPTION_MAX with the site's own ellipsis rule.
 */
export declare function pageDescription(text: string): string;
/** '/uploads/a.jpg' -> 'https://labande.fr/uploads/a.jpg'; absolute (and protocol-relative) urls are kept. */
export declare function absoluteUrl(url: string, siteUrl: string): string;
