/** The public pages of spec section 2 that have no parameter (/sitemap is the same page as /plan-du-site). */
export const STATIC_PUBLIC_PATHS = [
  '/',
  '/team',
  '/shows',
  '/contact',
  '/bonus',
  '/origines',
  '/partenaires',
  '/plan-du-site',
  '/mentions-legales',
  '/accessibilite',
] as const;

export interface SitemapEntry {
  path: string;
  /** ISO date-time of the last change, when known. */
  lastmod?: string;
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
export const escapeXml = (text: string) => text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char]!);

export function robotsTxt(siteUrl: string): string {
  return ['User-agent: *', 'Allow: /', 'Disallow: /admin', 'Disallow: /api', '', `Sitemap: ${siteUrl}/sitemap.xml`, ''].join('\n');
}

/** A sitemaps.org urlset with absolute URLs (siteUrl has no trailing slash, see env.ts). */
export function sitemapXml(siteUrl: string, entries: SitemapEntry[]): string {
  const urls = entries.map(({ path, lastmod }) => {
    const loc = `<loc>${escapeXml(siteUrl + path)}</loc>`;
    return `  <url>${loc}${lastmod ? `<lastmod>${escapeXml(lastmod)}</lastmod>` : ''}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}
