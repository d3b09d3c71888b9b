import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { showPreviewTexts } from '@bande/shared';
import { createAdminToken } from '../../test/admin-token.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { previewSigningKey } from './preview-key.repository.ts';

// The real renderer (apps/web/src/entry-server.tsx, compiled by Vitest) over the real API, as in
// ssr/web-pages.test.ts: what a colleague opening the link gets, before any JavaScript runs.
const webSrc = fileURLToPath(new URL('../../../../web/', import.meta.url));
const SITE_URL = 'https://labande.example';
const DAY_MS = 24 * 60 * 60 * 1000;
const START = new Date('2026-03-03T19:30:00.000Z');

let ctx: TestContext;
let webRoot: string;
let auth: { authorization: string };

const draft = {
  name: 'Les Misérables en brouillon',
  type: 'Grand format',
  year: '2027',
  pitch: 'Jean Valjean, un pain volé et toute une vie pour le rendre.',
  note: 'Une note de mise en scène encore en chantier.',
  published: false,
};

const get = (url: string) => ctx.app.inject({ method: 'GET', url });
const createLink = (id: number | string, headers: Record<string, string> = auth) =>
  ctx.app.inject({ method: 'POST', url: `/api/shows/${id}/preview`, headers });

async function createDraft(fields: Partial<typeof draft> = {}): Promise<{ id: number; slug: string }> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/shows', headers: auth, payload: { ...draft, ...fields } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

/** The path of the link POST /api/shows/:id/preview answers (checked absolute on SITE_URL). */
async function previewPath(id: number): Promise<string> {
  const res = await createLink(id);
  expect(res.statusCode, res.body).toBe(200);
  const { url } = res.json() as { url: string };
  expect(url.startsWith(`${SITE_URL}/apercu/`), url).toBe(true);
  return url.slice(SITE_URL.length);
}

const rootOf = (html: string) => html.slice(html.indexOf('<div id="root">'));
const ssrState = (html: string) => JSON.parse(/<script type="application\/json" id="ssr-state">(.*?)<\/script>/s.exec(html)![1]!);

/** The same token with one character of its signature changed (a middle one: every bit of it counts). */
function alterSignature(pathWithToken: string): string {
  const [id, expiry, signature] = pathWithToken.slice('/apercu/'.length).split('.') as [string, string, string];
  const index = 10;
  const changed = signature[index] === 'A' ? 'B' : 'A';
  return `/apercu/${id}.${expiry}.${signature.slice(0, index)}${changed}${signature.slice(index + 1)}`;
}

beforeAll(async () => {
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'bande-web-'));
  fs.copyFileSync(path.join(webSrc, 'index.html'), path.join(webRoot, 'index.html'));
  ctx = await createTestApp({ SITE_URL }, { webRoot, ssrEntry: path.join(webSrc, 'src/entry-server.tsx') });
}, 60_000);

beforeEach(async () => {
  ctx.clock.set(START);
  auth = { authorization: `Bearer ${await createAdminToken(ctx)}` };
});

afterAll(async () => {
  await ctx.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

describe('POST /api/shows/:id/preview', () => {
  it('answers an absolute link for an admin, 401 without a token, a French 404 for an unknown show', async () => {
    const { id } = await createDraft();
    expect((await createLink(id, {})).statusCode).toBe(401);
    expect((await createLink(id, { authorization: 'Bearer nope' })).statusCode).toBe(401);
    const unknown = await createLink(999_999);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'Spectacle introuvable' });
    const res = await createLink(id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ url: expect.stringMatching(new RegExp(`^${SITE_URL}/apercu/${id}\\.\\d+\\.[A-Za-z0-9_-]{43}$`)) });
    // The expiry it names is 7 days ahead of the server's clock.
    const expiry = Number((res.json() as { url: string }).url.split('.').at(-2));
    expect(expiry * 1000).toBe(START.getTime() + 7 * DAY_MS);
  });

  it('is written in the activity log as a preview of that show', async () => {
    const { id } = await createDraft();
    await previewPath(id);
    await ctx.app.auditLogSettled();
    const entry = await ctx.db.selectFrom('auditLog').selectAll().where('action', '=', 'preview').orderBy('id', 'desc').executeTakeFirst();
    expect(entry).toMatchObject({ action: 'preview', entity: 'shows', entityId: String(id) });
  });
});

describe('the preview page /apercu/:token', () => {
  it('renders the draft on the server, with the banner, noindex, no-store, and the draft in the state to hydrate', async () => {
    const { id, slug } = await createDraft();
    const link = await previewPath(id);
    const res = await get(link);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(res.body).toContain('<meta data-page-head name="robots" content="noindex">');
    const root = rootOf(res.body);
    expect(root).toContain(showPreviewTexts.banner);
    expect(root).toContain('Les Misérables en brouillon');
    expect(root).toContain('Une note de mise en scène encore en chantier.');
    // The browser hydrates with the draft itself: it does not ask the public API, which refuses a draft.
    const queries = ssrState(res.body).queries.queries as { queryKey: unknown[]; state: { data: unknown; status: string } }[];
    const preview = queries.find((query) => query.queryKey[1] === 'preview');
    expect(preview?.state.status).toBe('success');
    expect(preview?.state.data).toMatchObject({ data: { id, name: draft.name, published: false } });
    // The public routes still refuse the draft.
    expect((await get(`/api/shows/slug/${slug}`)).statusCode).toBe(404);
    const publicPage = await get(`/show/${slug}`);
    expect(publicPage.statusCode).toBe(302);
    expect(publicPage.headers.location).toBe('/not-found');
  });

  it('keeps the Content-Security-Policy of every other page', async () => {
    const { id } = await createDraft();
    const preview = await get(await previewPath(id));
    const home = await get('/');
    expect(preview.headers['content-security-policy']).toBe(home.headers['content-security-policy']);
    const scriptSrc = String(preview.headers['content-security-policy']).split(';').find((directive) => directive.trim().startsWith('script-src'));
    expect(scriptSrc).toBeDefined();
    expect(scriptSrc).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(preview.headers['referrer-policy']).toBe('no-referrer');
  });

  it('shows the not-found page with the 404 status for an altered signature, id or expiry', async () => {
    const { id } = await createDraft();
    const { id: otherId } = await createDraft({ name: 'Un autre brouillon' });
    const link = await previewPath(id);
    const [, expiry, signature] = link.slice('/apercu/'.length).split('.') as [string, string, string];
    const altered = [
      alterSignature(link),
      `/apercu/${otherId}.${expiry}.${signature}`,
      `/apercu/${id}.${Number(expiry) + 7 * 86_400}.${signature}`,
      `/apercu/${id}.${expiry}.${signature.slice(0, -1)}`,
      `/apercu/${id}.${expiry}`,
      '/apercu/nimportequoi',
    ];
    for (const url of altered) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['cache-control'], url).toBe('no-store');
      expect(res.headers['x-robots-tag'], url).toBe('noindex, nofollow');
      const root = rootOf(res.body);
      expect(root, url).toContain('Cette scène est vide');
      expect(root, url).not.toContain('Les Misérables en brouillon');
      expect(root, url).not.toContain(showPreviewTexts.banner);
      const api = await get(`/api/shows/preview/${url.slice('/apercu/'.length)}`);
      expect(api.statusCode, url).toBe(404);
      expect(api.json().error).toBe('Lien d’aperçu invalide ou expiré');
      expect(api.headers['cache-control'], url).toBe('no-store');
      expect(api.headers['x-robots-tag'], url).toBe('noindex, nofollow');
    }
    // The untouched link still works: the refusals above are the alterations'.
    expect((await get(link)).statusCode).toBe(200);
  });

  it('works for 7 days, then shows the not-found page', async () => {
    const { id } = await createDraft();
    const link = await previewPath(id);
    ctx.clock.advance(7 * DAY_MS - 1000);
    expect((await get(link)).statusCode).toBe(200);
    ctx.clock.advance(1000);
    const expired = await get(link);
    expect(expired.statusCode).toBe(404);
    expect(rootOf(expired.body)).toContain('Cette scène est vide');
    expect((await get(`/api/shows/preview/${link.slice('/apercu/'.length)}`)).statusCode).toBe(404);
  });

  it('shows the show as saved when opened: never kept by the answer cache, edits and renames show at once', async () => {
    const { id } = await createDraft();
    const link = await previewPath(id);
    const token = link.slice('/apercu/'.length);
    const cached = ctx.app.publicCache.size();
    expect(rootOf((await get(link)).body)).toContain('Les Misérables en brouillon');
    expect((await get(`/api/shows/preview/${token}`)).statusCode).toBe(200);
    expect(ctx.app.publicCache.size()).toBe(cached);

    // A change written without the content-version bump (as another server's would be before it is
    // seen): only a preview that is never cached shows it.
    await ctx.db.updateTable('shows').set({ pitch: 'Un pitch changé dans la base.' }).where('id', '=', id).execute();
    expect(rootOf((await get(link)).body)).toContain('Un pitch changé dans la base.');
    const api = await get(`/api/shows/preview/${token}`);
    expect(api.headers['cache-control']).toBe('no-store');
    expect(api.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(api.json().data.pitch).toBe('Un pitch changé dans la base.');

    // An admin's edit, renaming the show and its address: the link names the id, so it follows.
    const edit = await ctx.app.inject({
      method: 'PUT',
      url: `/api/shows/${id}`,
      headers: auth,
      payload: { ...draft, name: 'Les Misérables, version finale', regenerateSlug: true },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const renamed = rootOf((await get(link)).body);
    expect(renamed).toContain('Les Misérables, version finale');
    expect(renamed).not.toContain('Les Misérables en brouillon');
  });

  it('answers 404 once the show is deleted', async () => {
    const { id } = await createDraft();
    const link = await previewPath(id);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/shows/${id}`, headers: auth })).statusCode).toBe(204);
    expect((await get(link)).statusCode).toBe(404);
  });
});

describe('the signing key', () => {
  it('is made once, in the database, even when several servers ask for it at once', async () => {
    await ctx.db.deleteFrom('previewSigningKey').execute();
    const keys = await Promise.all(Array.from({ length: 8 }, () => previewSigningKey(ctx.db, START)));
    expect(new Set(keys.map((key) => key.toString('hex'))).size).toBe(1);
    expect(keys[0]).toHaveLength(32);
    const rows = await ctx.db.selectFrom('previewSigningKey').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(Buffer.from(rows[0]!.key, 'base64url').equals(keys[0]!)).toBe(true);
  });

  it('revokes every link when deleted (a new key is made for the next link)', async () => {
    const { id } = await createDraft();
    const link = await previewPath(id);
    expect((await get(link)).statusCode).toBe(200);
    await ctx.db.deleteFrom('previewSigningKey').execute();
    expect((await get(link)).statusCode).toBe(404);
    expect((await get(await previewPath(id))).statusCode).toBe(200);
  });
});
