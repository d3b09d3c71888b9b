import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app.ts';

// The pages the reservation mails link to, and the legal page's retention of reservations, as the real
// renderer (apps/web/src/entry-server.tsx) sends them to a first request, without running any JavaScript.
const webSrc = fileURLToPath(new URL('../../../web/', import.meta.url));
let ctx: TestContext;
let webRoot: string;

beforeAll(async () => {
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'bande-web-'));
  fs.copyFileSync(path.join(webSrc, 'index.html'), path.join(webRoot, 'index.html'));
  ctx = await createTestApp({ SITE_URL: 'https://labande.example', RESERVATION_RETENTION_DAYS: '45' }, { webRoot, ssrEntry: path.join(webSrc, 'src/entry-server.tsx') });
}, 60_000);

afterAll(async () => {
  await ctx.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

const get = (url: string) => ctx.app.inject({ method: 'GET', url });
const root = (body: string) => body.slice(body.indexOf('<div id="root">'));

describe('server-rendered reservation link pages', () => {
  it('renders each page in French, waiting for the browser to read the link: noindex, never stored, never kept', async () => {
    // The site's settings (GET /api/site), read by every page, are kept once by the first render.
    await get('/reservation/confirmation?token=premier');
    const held = ctx.app.publicCache.size();
    for (const [page, title] of [
      ['confirmation', 'Confirmation de votre réservation'],
      ['annulation', 'Annulation de votre réservation'],
      ['liste-attente', 'Places proposées sur liste d’attente'],
    ]) {
      const res = await get(`/reservation/${page}?token=jeton-${page}`);
      expect(res.statusCode, page).toBe(200);
      expect(res.body).toContain('<html lang="fr">');
      expect(root(res.body)).toContain(title);
      // What the link is about is read by the browser (lookup), and nothing is done before a button is pressed.
      expect(root(res.body)).toContain('Recherche de votre réservation…');
      expect(res.body).toContain('<meta data-page-head name="robots" content="noindex">');
      expect(res.headers['x-robots-tag']).toContain('noindex');
      expect(res.headers['cache-control']).toBe('no-store');
      // The visitor's token is not sent on to the sites the page links to (the map, the agenda's).
      expect(res.headers['referrer-policy']).toMatch(/^(no-referrer|same-origin|strict-origin(-when-cross-origin)?)$/);
    }
    expect(ctx.app.publicCache.size()).toBe(held);
  });

  it('the legal page says how long reservation details are kept (RESERVATION_RETENTION_DAYS)', async () => {
    const res = await get('/mentions-legales');
    expect(res.statusCode).toBe(200);
    expect(root(res.body)).toContain('Effacées 45 jours après la représentation');
  });
});
