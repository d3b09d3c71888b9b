import type { App, AppDeps } from '../../deps.ts';
import { PUBLIC_CACHE } from '../../lib/cache-headers.ts';
import { archiveList } from '../campaigns/campaigns.service.ts';
import { robotsTxt, sitemapXml, STATIC_PUBLIC_PATHS, type SitemapEntry } from './seo.service.ts';

// Crawlers come rarely and content changes rarely: five minutes, as the public data cache (spec §9).
const SEO_CACHE = 'public, max-age=300';

/** GET /robots.txt and GET /sitemap.xml, built from the published content. */
export async function seoRoutes(app: App, { db, config }: AppDeps): Promise<void> {
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) => {
    return reply.type('text/plain; charset=utf-8').header('cache-control', SEO_CACHE).send(robotsTxt(config.siteUrl));
  });

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const shows = await db
      .selectFrom('shows')
      .select(['slug', 'updatedAt'])
      .where('published', '=', 1)
      .orderBy('name')
      .orderBy('id')
      .execute();
    const letters = await archiveList(db);
    const entries: SitemapEntry[] = [
      ...STATIC_PUBLIC_PATHS.map((path) => ({ path })),
      ...shows.map((show) => ({ path: `/show/${encodeURIComponent(show.slug)}`, lastmod: show.updatedAt })),
      // The newsletter's archive (issue 24): the sent letters only.
      { path: '/lettres' },
      ...letters.map((letter) => ({ path: `/lettres/${encodeURIComponent(letter.slug)}`, lastmod: letter.sentAt })),
    ];
    // A minute, as the other public answers (not SEO_CACHE): a scheduled publication must show in it within 60 s.
    return reply.type('application/xml; charset=utf-8').header('cache-control', PUBLIC_CACHE).send(sitemapXml(config.siteUrl, entries));
  });
}
