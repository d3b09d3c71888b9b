import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminTestApp } from '../../test/admin-token.ts';
import type { TestContext } from '../../test/test-app.ts';
import { escapeXml, sitemapXml, STATIC_PUBLIC_PATHS } from './seo.service.ts';

let ctx: TestContext;
let token: string;
const SITE = 'https://www.labandealire.example';

beforeAll(async () => {
  ({ ctx, token } = await createAdminTestApp({ SITE_URL: `${SITE}/` }));
});
afterAll(() => ctx.close());

async function createShow(name: string, publish: boolean) {
  const headers = { authorization: `Bearer ${token}` };
  const payload = { name, type: 'Grand format', year: '2025', pitch: 'Un pitch.', note: 'Une note.' };
  const show = (await ctx.app.inject({ method: 'POST', url: '/api/shows', headers, payload })).json().data;
  if (publish) expect((await ctx.app.inject({ method: 'POST', url: `/api/shows/${show.id}/publish`, headers })).statusCode).toBe(200);
  return (await ctx.app.inject({ method: 'GET', url: `/api/shows/${show.id}`, headers })).json().data as { slug: string; updatedAt: string };
}

interface XmlElement {
  namespaceURI: string | null;
  textContent: string | null;
  getElementsByTagName(name: string): ArrayLike<XmlElement> & Iterable<XmlElement>;
}
// jsdom (a root dev dependency) ships no types and this project has no DOM lib: the little used is typed here.
const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: new () => { window: { DOMParser: new () => { parseFromString(text: string, type: string): XmlElement & { documentElement: XmlElement } } } };
};

/** Parses as a browser would; a malformed document gives a <parsererror>. */
function parseXml(text: string) {
  const doc = new new JSDOM().window.DOMParser().parseFromString(text, 'application/xml');
  expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
  return doc;
}

describe('GET /robots.txt', () => {
  it('allows the site, keeps crawlers out of admin and API, and points to the sitemap', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.body).toBe(`User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /api\n\nSitemap: ${SITE}/sitemap.xml\n`);
  });
});

describe('GET /sitemap.xml', () => {
  it('lists the static pages and the published shows only, with absolute URLs and lastmod', async () => {
    const published = await createShow('Le Horla', true);
    ctx.clock.advance(60_000);
    const other = await createShow('Bel-Ami', true);
    const draft = await createShow('Brouillon secret', false);

    const res = await ctx.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const doc = parseXml(res.body);
    expect(doc.documentElement.namespaceURI).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const entries = [...doc.getElementsByTagName('url')].map((url) => ({
      loc: url.getElementsByTagName('loc')[0]?.textContent,
      lastmod: url.getElementsByTagName('lastmod')[0]?.textContent,
    }));
    expect(entries).toEqual([
      ...STATIC_PUBLIC_PATHS.map((path) => ({ loc: `${SITE}${path}`, lastmod: undefined })),
      { loc: `${SITE}/show/${other.slug}`, lastmod: other.updatedAt },
      { loc: `${SITE}/show/${published.slug}`, lastmod: published.updatedAt },
      // The newsletter's archive, without letters yet (they are checked in campaigns.test.ts).
      { loc: `${SITE}/lettres`, lastmod: undefined },
    ]);
    expect(res.body).not.toContain(draft.slug);
    expect(other.updatedAt).not.toBe(published.updatedAt);
  });

  it('drops a show from the sitemap once unpublished', async () => {
    const show = await createShow('Pierre et Jean', true);
    const id = (await ctx.db.selectFrom('shows').select('id').where('slug', '=', show.slug).executeTakeFirstOrThrow()).id;
    expect((await ctx.app.inject({ method: 'GET', url: '/sitemap.xml' })).body).toContain(`/show/${show.slug}<`);
    await ctx.app.inject({ method: 'POST', url: `/api/shows/${id}/unpublish`, headers: { authorization: `Bearer ${token}` } });
    expect((await ctx.app.inject({ method: 'GET', url: '/sitemap.xml' })).body).not.toContain(`/show/${show.slug}<`);
  });
});

describe('sitemapXml', () => {
  it('escapes what XML reserves, and stays well-formed', () => {
    expect(escapeXml(`a&b<c>"d'`)).toBe('a&amp;b&lt;c&gt;&quot;d&apos;');
    const xml = sitemapXml('https://example.org/site?a=1&b=2', [{ path: "/show/l'<été>&co", lastmod: '2026-03-03T19:30:00.000Z' }]);
    expect(xml).toContain('<loc>https://example.org/site?a=1&amp;b=2/show/l&apos;&lt;été&gt;&amp;co</loc>');
    const loc = parseXml(xml).getElementsByTagName('loc')[0]?.textContent;
    expect(loc).toBe("https://example.org/site?a=1&b=2/show/l'<été>&co");
    // The check itself: an unescaped ampersand is refused.
    expect(() => parseXml('<urlset><loc>a&b</loc></urlset>')).toThrow();
  });
});
