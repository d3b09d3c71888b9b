import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminToken } from '../test/admin-token.ts';
import { bovaryShowInput as bovary, legalDetailsInput as details } from '../test/fixtures.ts';
import { createTestApp, type TestContext } from '../test/test-app.ts';

// The real renderer (apps/web/src/entry-server.tsx, compiled by Vitest as the SSR build would) over the
// real API: what a visitor's first request gets, without running any JavaScript.
const webSrc = fileURLToPath(new URL('../../../web/', import.meta.url));
let ctx: TestContext;
let webRoot: string;
let token: string;

beforeAll(async () => {
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'bande-web-'));
  fs.copyFileSync(path.join(webSrc, 'index.html'), path.join(webRoot, 'index.html'));
  fs.mkdirSync(path.join(webRoot, 'assets'));
  fs.writeFileSync(path.join(webRoot, 'assets', 'chunk-abc123.js'), 'export const chunk = 1;\n');
  fs.mkdirSync(path.join(webRoot, 'admin'));
  fs.writeFileSync(path.join(webRoot, 'admin', 'sw.js'), 'self.addEventListener("fetch", () => {});\n');
  ctx = await createTestApp({ SITE_URL: 'https://labande.example' }, { webRoot, ssrEntry: path.join(webSrc, 'src/entry-server.tsx') });
  token = await createAdminToken(ctx);
  const auth = { authorization: `Bearer ${token}` };
  const show = await ctx.app.inject({ method: 'POST', url: '/api/shows', headers: auth, payload: bovary });
  expect(show.statusCode, show.body).toBe(201);
}, 60_000);

afterAll(async () => {
  await ctx.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

describe('server-rendered public pages', () => {
  it('sends fingerprinted scripts with a year of cache and without the headers only a document reads', async () => {
    const script = await get('/assets/chunk-abc123.js');
    expect(script.statusCode).toBe(200);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    expect(script.headers['cross-origin-resource-policy']).toBe('same-origin');
    for (const name of ['content-security-policy', 'x-frame-options', 'cross-origin-opener-policy', 'referrer-policy']) expect(script.headers[name], name).toBeUndefined();
    // The page keeps them all.
    const page = await get('/');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('sends the home page with its content, head tags and the data to hydrate', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<html lang="fr">');
    expect(res.body).toMatch(/<title[^>]*>La Bande à Lire — lectures théâtrales<\/title>/);
    expect(res.body).toContain('<link data-page-head rel="canonical" href="https://labande.example/">');
    // The featured show is in the markup itself, inside #root.
    const root = res.body.slice(res.body.indexOf('<div id="root">'));
    expect(root).toContain('Madame Bovary');
    expect(root).not.toContain('$RC');
    const state = /<script type="application\/json" id="ssr-state">(.*?)<\/script>/s.exec(res.body)?.[1];
    expect(JSON.parse(state!).queries.queries.map((q: { queryKey: unknown[] }) => q.queryKey)).toEqual(
      expect.arrayContaining([['site'], ['shows', 'public', 'featured'], ['card-config']]),
    );
    // The dates it wrote travel with the data, so that the browser hydrates without formatting them again.
    expect(JSON.parse(state!).dateTexts).toEqual({ 'performance|2026-03-20T19:30:00.000Z': 'vendredi 20 mars 2026 - 20h30' });
    expect(root).toContain('vendredi 20 mars 2026<span style="white-space:nowrap"> - 20h30</span>');
  });

  it('gives a show page its title, description, photo card and one TheaterEvent per upcoming performance', async () => {
    const res = await get('/show/madame-bovary');
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/<title[^>]*>Madame Bovary — La Bande à Lire<\/title>/);
    expect(res.body).toContain('content="Emma rêve d’une autre vie, entre bals et romans."');
    expect(res.body).toContain('href="https://labande.example/show/madame-bovary"');
    const jsonLd = [...res.body.matchAll(/<script[^>]*type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]!));
    const events = jsonLd.filter((item) => item['@type'] === 'TheaterEvent');
    // The test clock is 2026-03-03: the January date is past, the March one is upcoming.
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ name: 'Madame Bovary', location: { '@type': 'Place', name: 'Théâtre Olympia' } });
    expect(new Date(events[0].startDate).toISOString()).toBe('2026-03-20T19:30:00.000Z');
  });

  it('redirects an unknown show to the not-found page, which answers 404 and is not indexed', async () => {
    const unknown = await get('/show/inconnu');
    expect(unknown.statusCode).toBe(302);
    expect(unknown.headers.location).toBe('/not-found');
    // '//host/x' is a path here, not another site: the not-found page, like the browser's router shows.
    // A letter that was never sent (or does not exist) is the not-found page at its own address.
    for (const url of ['/not-found', '/une/page/inexistante', '//ailleurs.example/x', '/lettres/brouillon-1']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toContain('name="robots" content="noindex"');
    }
  });

  it('renders every public route on the server', async () => {
    for (const [url, heading] of [
      ['/team', 'La Bande'],
      ['/shows', 'Madame Bovary'],
      ['/contact', 'Nous contacter'],
      ['/bonus', 'Échos en images'],
      ['/origines', 'Origines'],
      ['/partenaires', 'Partenaires'],
      ['/sitemap', 'Plan du site'],
      ['/plan-du-site', 'Plan du site'],
      ['/mentions-legales', 'Mentions légales'],
      ['/lettres', 'Aucune lettre envoyée'],
    ] as const) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body.slice(res.body.indexOf('<div id="root">')), url).toContain(heading);
      // The two addresses of the site map are one page: its canonical is /plan-du-site.
      const canonical = url === '/sitemap' ? '/plan-du-site' : url;
      expect(res.body, url).toContain(`rel="canonical" href="https://labande.example${canonical}"`);
    }
  });

  it('answers HEAD like GET, and keeps the backoffice a client-only shell', async () => {
    expect((await ctx.app.inject({ method: 'HEAD', url: '/' })).statusCode).toBe(200);
    const admin = await get('/admin/login');
    expect(admin.statusCode).toBe(200);
    // Client-rendered: no page data, only the first frame (painted before the backoffice's code comes).
    expect(admin.body).not.toContain('ssr-state');
    const root = /<div id="root">(.*?<\/main>)<\/div>/s.exec(admin.body)?.[1] ?? '';
    expect(root).toMatch(/^<main class="[^"]+">/);
    expect(root).toContain('<p class="_status_');
    expect(root).toContain('Chargement de l’espace d’administration…');
  });

  it('links the web manifest from the backoffice alone, and never lets a cache keep its service worker', async () => {
    const manifestLink = '<link rel="manifest" href="/admin/manifest.webmanifest">';
    for (const url of ['/admin/', '/admin/login', '/admin/dashboard/reservations/3/entrees']) expect((await get(url)).body, url).toContain(manifestLink);
    for (const url of ['/', '/shows', '/contact']) expect((await get(url)).body, url).not.toContain('rel="manifest"');
    const worker = await get('/admin/sw.js');
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.headers['content-type']).toContain('javascript');
    // Its scope is its folder, /admin/ (no Service-Worker-Allowed header widens it); the policy lets the site's own scripts be workers.
    expect(worker.headers['service-worker-allowed']).toBeUndefined();
    expect((await get('/admin/login')).headers['content-security-policy']).toContain("worker-src 'self'");
  });

  it('keeps a rendered page for every visitor, compressed, until an admin changes the content', async () => {
    const first = await get('/shows', { 'accept-encoding': 'br, gzip' });
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers['cache-control']).toBe('public, max-age=60');
    const etag = String(first.headers.etag);
    expect((await get('/shows', { 'if-none-match': etag })).statusCode).toBe(304);

    const shows = await ctx.app.inject({ method: 'GET', url: '/api/shows', headers: { authorization: `Bearer ${token}` } });
    const id = shows.json().data[0].id;
    const renamed = await ctx.app.inject({ method: 'PUT', url: `/api/shows/${id}`, headers: { authorization: `Bearer ${token}` }, payload: { ...bovary, name: 'Madame Bovary, la reprise' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const after = await get('/shows', { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('Madame Bovary, la reprise');
  });

  it('serves a page asked with a tracking parameter from the render of its path, but renders the card preview for each query', async () => {
    const plain = await get('/team');
    const held = ctx.app.publicCache.size();
    const tracked = await get('/team?fbclid=IwAR0unique');
    expect(tracked.statusCode).toBe(200);
    expect(tracked.headers.etag).toBe(plain.headers.etag);
    expect(tracked.body).toBe(plain.body);
    expect(ctx.app.publicCache.size(), 'no second entry for the tracked address').toBe(held);

    // The preview reads its query (in the browser): each query is rendered, and none is kept, as its
    // free text would otherwise make one entry per query (plugins/public-cache/cache-abuse.test.ts).
    for (const title of ['Carte%20saison', 'Carte%20famille']) {
      expect((await get(`/preview-card?title=${title}&description=D&buttonText=B&enabled=true`)).statusCode).toBe(200);
    }
    expect(ctx.app.publicCache.size()).toBe(held);
  });

  it('renders the newsletter link pages (waiting state, noindex) and keeps none of them in the public cache', async () => {
    const held = ctx.app.publicCache.size();
    for (const [page, title] of [
      ['confirmation', 'Confirmation de votre inscription'],
      ['desinscription', 'Désinscription de la newsletter'],
    ]) {
      const res = await get(`/newsletter/${page}?token=jeton-${page}`);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(title);
      expect(res.body).toContain('<meta data-page-head name="robots" content="noindex">');
    }
    expect(ctx.app.publicCache.size()).toBe(held);
    // Rendering the page confirms nothing: only the browser's call does.
    expect(await ctx.db.selectFrom('newsletterSubscriptions').selectAll().execute()).toEqual([]);
  });

  it('writes the legal details into the legal page, leaves empty ones out and never shows a placeholder', async () => {
    const root = async () => {
      const res = await get('/mentions-legales');
      expect(res.statusCode).toBe(200);
      return res.body.slice(res.body.indexOf('<div id="root">'));
    };
    // Nothing saved yet (no demo content in tests): no gap, no placeholder.
    const empty = await root();
    expect(empty).toContain('Les coordonnées de l&#x27;hébergeur sont en cours de mise à jour.');
    expect(empty).not.toMatch(/À compléter/i);

    const put = await ctx.app.inject({ method: 'PUT', url: '/api/legal', headers: { authorization: `Bearer ${token}` }, payload: details });
    expect(put.statusCode, put.body).toBe(200);
    const html = await root();
    for (const value of Object.values(details)) expect(html).toContain(value);
    expect(html).toContain('href="mailto:bureau@liseurs.example"');
    expect(html).toContain('href="tel:0123456789"');
    expect(html).not.toMatch(/À compléter|en cours de mise à jour/i);
    // The details travel with the page, so that the browser hydrates them without a request.
    const state = /<script type="application\/json" id="ssr-state">(.*?)<\/script>/s.exec(html)?.[1];
    const legal = JSON.parse(state!).queries.queries.find((q: { queryKey: unknown[] }) => q.queryKey[0] === 'legal');
    expect(legal.state.data).toEqual(details);
  });

  it('still answers unknown API paths in JSON', async () => {
    const res = await get('/api/inconnu');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toHaveProperty('error');
  });
});

describe('two apps in one process', () => {
  // The renderer is one module per process; each render reads the API of its own app (the store of
  // web-pages.ts, disabled between renders so that requests without a render pay nothing for it).
  it('renders each app’s pages from its own database, at the same time and one after the other', async () => {
    const other = await createTestApp({ SITE_URL: 'https://autre.example' }, { webRoot, ssrEntry: path.join(webSrc, 'src/entry-server.tsx') });
    try {
      const otherToken = await createAdminToken(other);
      const created = await other.app.inject({ method: 'POST', url: '/api/shows', headers: { authorization: `Bearer ${otherToken}` }, payload: { ...bovary, name: 'Le Horla', slug: 'le-horla' } });
      expect(created.statusCode, created.body).toBe(201);
      const pages = async () => {
        const [mine, theirs] = await Promise.all([get('/shows?render=1'), other.app.inject({ method: 'GET', url: '/shows?render=1' })]);
        return [mine.body, theirs.body];
      };
      for (const [mine, theirs] of [await pages(), await pages()]) {
        expect(mine).toContain('Madame Bovary');
        expect(mine).not.toContain('Le Horla');
        expect(theirs).toContain('Le Horla');
        expect(theirs).not.toContain('Madame Bovary');
      }
      // One after the other, after the store was disabled.
      expect((await other.app.inject({ method: 'GET', url: '/shows' })).body).toContain('Le Horla');
      expect((await get('/shows')).body).toContain('Madame Bovary');
    } finally {
      await other.close();
    }
  }, 60_000);
});
