import { describe, expect, it } from 'vitest';
import { texts } from '@bande/shared';
import type { TestContext } from '../../test/test-app.ts';
import { adminTestAppForThisFile } from '../../test/admin-token.ts';
import { expectInvalidIds, expectUnknownIds } from '../../test/id-checks.ts';
import { uploadPhoto, webpWidths } from '../images/image-test-helpers.ts';

let ctx: TestContext;
let auth: { authorization: string };
let token: string;
adminTestAppForThisFile((app) => ({ ctx, token, auth } = app));

const base = { title: 'Librairie Le Marque-Page', description: 'Notre libraire partenaire depuis 2015', link: 'https://marque-page.example.org', logo: '/uploads/images/marque-page.webp' };

async function createPartner(body: Record<string, unknown> = base) {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/partners', headers: auth, payload: body });
  expect(res.statusCode).toBe(201);
  return res.json().data as { id: number; published: boolean; title: string };
}

const publicList = async () => {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/partners?published=true' });
  expect(res.statusCode).toBe(200);
  return (res.json().data as { id: number }[]).map((p) => p.id);
};

describe('partners', () => {
  it('creates a partner unpublished even when the body asks for published', async () => {
    const partner = await createPartner({ ...base, published: true });
    expect(partner).toMatchObject({ ...base, published: false });
    expect(await publicList()).not.toContain(partner.id);
  });

  it('runs the admin CRUD: read, update, publish, unpublish, delete', async () => {
    const { id } = await createPartner();
    const read = await ctx.app.inject({ method: 'GET', url: `/api/partners/${id}`, headers: auth });
    expect(read.json().data).toMatchObject({ id, ...base });
    expect(read.headers['cache-control']).toBe('no-store');

    const updated = await ctx.app.inject({ method: 'PUT', url: `/api/partners/${id}`, headers: auth, payload: { ...base, title: 'Nouveau titre', link: '', logo: null } });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({ title: 'Nouveau titre', link: null, logo: null, published: false });

    const published = await ctx.app.inject({ method: 'PUT', url: `/api/partners/${id}/publish`, headers: auth });
    expect(published.json().data.published).toBe(true);
    expect(await publicList()).toContain(id);

    const unpublished = await ctx.app.inject({ method: 'PUT', url: `/api/partners/${id}/unpublish`, headers: auth });
    expect(unpublished.json().data.published).toBe(false);
    expect(await publicList()).not.toContain(id);

    await ctx.app.inject({ method: 'POST', url: `/api/partners/${id}/publish`, headers: auth });
    expect(await publicList()).toContain(id);
    await ctx.app.inject({ method: 'POST', url: `/api/partners/${id}/unpublish`, headers: auth });
    expect(await publicList()).not.toContain(id);

    const removed = await ctx.app.inject({ method: 'DELETE', url: `/api/partners/${id}`, headers: auth });
    expect(removed.statusCode).toBe(204);
    const gone = await ctx.app.inject({ method: 'GET', url: `/api/partners/${id}`, headers: auth });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ error: 'Partenaire introuvable' });
  });

  it('lets PUT set the published flag, as the admin form sends it', async () => {
    const { id } = await createPartner();
    const res = await ctx.app.inject({ method: 'PUT', url: `/api/partners/${id}`, headers: auth, payload: { ...base, published: true } });
    expect(res.json().data.published).toBe(true);
    expect(await publicList()).toContain(id);
  });

  it('lists all partners or drafts only for the admin, published ones for everybody with a cache header', async () => {
    const draft = await createPartner();
    const live = await createPartner();
    await ctx.app.inject({ method: 'PUT', url: `/api/partners/${live.id}/publish`, headers: auth });

    const all = await ctx.app.inject({ method: 'GET', url: '/api/partners', headers: auth });
    expect(all.headers['cache-control']).toBe('no-store');
    expect(all.json().data.map((p: { id: number }) => p.id)).toEqual(expect.arrayContaining([draft.id, live.id]));

    const drafts = await ctx.app.inject({ method: 'GET', url: '/api/partners?published=false', headers: auth });
    const draftIds = drafts.json().data.map((p: { id: number }) => p.id);
    expect(draftIds).toContain(draft.id);
    expect(draftIds).not.toContain(live.id);

    const pub = await ctx.app.inject({ method: 'GET', url: '/api/partners?published=true' });
    expect(pub.headers['cache-control']).toBe('public, max-age=60');
    expect(pub.json().data.every((p: { published: boolean }) => p.published)).toBe(true);
    const publicIds = pub.json().data.map((p: { id: number }) => p.id);
    expect(publicIds).toContain(live.id);
    expect(publicIds).not.toContain(draft.id);
  });

  it('answers beside the public list the size and variants of uploaded logos, not of linked ones', async () => {
    const logo = await uploadPhoto(ctx, token, 400, 200);
    for (const body of [{ ...base, logo: logo.url }, { ...base, logo: 'https://logos.example.org/a.png' }]) {
      const partner = await createPartner(body);
      await ctx.app.inject({ method: 'PUT', url: `/api/partners/${partner.id}/publish`, headers: auth });
    }
    const body = (await ctx.app.inject({ method: 'GET', url: '/api/partners?published=true' })).json();
    expect(body.images).toEqual({ [logo.url]: { width: 400, height: 200, variants: logo.variants } });
    expect(webpWidths(body.images[logo.url])).toEqual([400]);
    // The admin list too: the backoffice's thumbnails take the smallest variant.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/partners', headers: auth })).json().images).toEqual(body.images);
  });

  it('asks for a token everywhere but the public list', async () => {
    const { id } = await createPartner();
    const calls = [
      { method: 'GET', url: '/api/partners' },
      { method: 'GET', url: '/api/partners?published=false' },
      { method: 'GET', url: `/api/partners/${id}` },
      { method: 'POST', url: '/api/partners', payload: base },
      { method: 'PUT', url: `/api/partners/${id}`, payload: base },
      { method: 'PUT', url: `/api/partners/${id}/publish` },
      { method: 'POST', url: `/api/partners/${id}/unpublish` },
      { method: 'DELETE', url: `/api/partners/${id}` },
    ] as const;
    for (const call of calls) {
      const res = await ctx.app.inject(call);
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(401);
      expect(res.json()).toEqual({ error: texts.api.unauthorized });
    }
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/partners', headers: { authorization: 'Bearer nope' } });
    expect(bad.statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/partners/${id}`, headers: auth })).statusCode).toBe(200);
  });

  it('requires a title and a description, in French', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/partners', headers: auth, payload: { title: '  ', link: '' } });
    expect(res.statusCode).toBe(400);
    const issues = res.json().issues as { path: string; message: string }[];
    expect(issues).toEqual(
      expect.arrayContaining([
        { path: 'title', message: texts.validation.required },
        { path: 'description', message: expect.any(String) },
      ]),
    );
  });

  it.each(['javascript:alert(1)', 'ftp://example.org', 'www.example.org', 'pas un lien'])('refuses the link %s', async (link) => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/partners', headers: auth, payload: { ...base, link } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(texts.validation.urlInvalid);
  });

  it('accepts http and https links and takes a blank link as none', async () => {
    expect((await createPartner({ ...base, link: 'http://example.org/partenaire' })).title).toBe(base.title);
    const blank = await ctx.app.inject({ method: 'POST', url: '/api/partners', headers: auth, payload: { ...base, link: '  ' } });
    expect(blank.json().data.link).toBeNull();
  });

  it('takes an uploaded image as logo and refuses a video or a script URL', async () => {
    expect((await ctx.app.inject({ method: 'POST', url: '/api/partners', headers: auth, payload: { ...base, logo: '/uploads/videos/clip.mp4' } })).statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/partners', headers: auth, payload: { ...base, logo: 'javascript:alert(1)' } })).statusCode).toBe(400);
  });

  it('answers 404 for unknown ids and 400 for ids that are not numbers', async () => {
    await expectUnknownIds(ctx.app, auth, 'Partenaire introuvable', [
      { method: 'GET', url: '/api/partners/999999' },
      { method: 'PUT', url: '/api/partners/999999', payload: base },
      { method: 'PUT', url: '/api/partners/999999/publish' },
      { method: 'DELETE', url: '/api/partners/999999' },
    ]);
    await expectInvalidIds(ctx.app, auth, 'GET', ['/api/partners/abc', '/api/partners/1.5', '/api/partners/-1', '/api/partners/99999999999999999999']);
  });

  it('refuses hostile bodies with a 4xx and changes nothing', async () => {
    const { id } = await createPartner();
    const before = (await ctx.app.inject({ method: 'GET', url: '/api/partners', headers: auth })).json();
    const bodies = [
      { payload: '{"title":', headers: { 'content-type': 'application/json' } },
      { payload: '[1,2]', headers: { 'content-type': 'application/json' } },
      { payload: 'null', headers: { 'content-type': 'application/json' } },
      { payload: 'title=x', headers: { 'content-type': 'text/plain' } },
      { payload: { title: 123, description: ['x'] } },
      { payload: { ...base, title: 'a\u0000b' } },
      { payload: { ...base, title: 'x'.repeat(100_000) } },
      { payload: { ...base, published: 'yes' } },
      { payload: { ...base, link: 'https://example.org/\u0000' } },
    ];
    for (const body of bodies) {
      for (const [method, url] of [['POST', '/api/partners'], ['PUT', `/api/partners/${id}`]] as const) {
        const res = await ctx.app.inject({ method, url, payload: body.payload, headers: { ...auth, ...body.headers } });
        expect(res.statusCode, `${method} ${JSON.stringify(body.payload).slice(0, 60)}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
        expect(typeof res.json().error).toBe('string');
      }
    }
    const proto = await ctx.app.inject({ method: 'PUT', url: `/api/partners/${id}`, headers: { ...auth, 'content-type': 'application/json' }, payload: `{"title":"T","description":"D","__proto__":{"published":true},"id":1}` });
    expect(proto.statusCode).toBe(400);
    const after = (await ctx.app.inject({ method: 'GET', url: '/api/partners', headers: auth })).json();
    expect(after).toEqual(before);
  });
});
