import { describe, expect, it } from 'vitest';
import { texts } from '@bande/shared';
import { adminTestAppForThisFile } from '../../test/admin-token.ts';
import type { TestContext } from '../../test/test-app.ts';
import { uploadPhoto, webpWidths } from '../images/image-test-helpers.ts';

let ctx: TestContext;
let token: string;
adminTestAppForThisFile((app) => ({ ctx, token } = app));

const auth = () => ({ authorization: `Bearer ${token}` });
const baseMember = { firstName: 'Léa', lastName: 'Martin', role: 'Comédienne', note: 'Lectrice depuis 2019.', photo: '/uploads/lea.webp' };
const showBody = { name: 'Les Misérables', type: 'Grand format', year: '2025', pitch: 'Un pitch', note: 'Une note' };

async function createMember(fields: Record<string, unknown> = {}) {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/members', headers: auth(), payload: { ...baseMember, ...fields } });
  expect(res.statusCode).toBe(201);
  return res.json().data;
}

const adminGet = (url: string) => ctx.app.inject({ method: 'GET', url, headers: auth() });

describe('members', () => {
  it('creates a draft member with a documentId, a computed full name and ISO dates', async () => {
    const member = await createMember();
    expect(member).toMatchObject({ firstName: 'Léa', lastName: 'Martin', fullName: 'Léa Martin', role: 'Comédienne', published: false, publishedAt: null });
    expect(member.documentId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(member.createdAt).toBe(ctx.clock.now().toISOString());
    const other = await createMember();
    expect(other.documentId).not.toBe(member.documentId);
  });

  it('refuses a note over 300 characters with the form message, and accepts exactly 300', async () => {
    const tooLong = await ctx.app.inject({ method: 'POST', url: '/api/members', headers: auth(), payload: { ...baseMember, note: 'a'.repeat(301) } });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error).toBe(texts.validation.memberNoteTooLong);
    expect(tooLong.json().error).toBe('La note ne doit pas dépasser 300 caractères');
    const exact = await createMember({ note: 'a'.repeat(300) });
    expect(exact.note).toHaveLength(300);
  });

  it('requires first name, last name and role', async () => {
    for (const field of ['firstName', 'lastName', 'role']) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/members', headers: auth(), payload: { ...baseMember, [field]: ' ' } });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().issues[0].path).toBe(field);
    }
  });

  it('shows visitors only published members, in French alphabetical order, without admin fields', async () => {
    const created = [
      await createMember({ firstName: 'Zoé', lastName: 'Écrivain', published: true }),
      await createMember({ firstName: 'Emma', lastName: 'Durand', published: true }),
      await createMember({ firstName: 'Brouillon', lastName: 'Caché' }),
      await createMember({ firstName: 'Anne', lastName: 'Durand', published: true }),
      await createMember({ firstName: 'Éric', lastName: 'Fabre', published: true }),
    ];
    const ours = new Set(created.map((m) => m.id));
    const res = await ctx.app.inject({ method: 'GET', url: '/api/members?published=true' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const data = res.json().data.filter((m: { id: number }) => ours.has(m.id));
    // 'Écrivain' sorts between 'Durand' and 'Fabre', not after everything as a byte order would put it.
    expect(data.map((m: { fullName: string }) => m.fullName)).toEqual(['Anne Durand', 'Emma Durand', 'Zoé Écrivain', 'Éric Fabre']);
    expect(Object.keys(data[0]).sort()).toEqual(['firstName', 'fullName', 'id', 'lastName', 'note', 'photo', 'role']);
    expect(res.json().data.every((m: { id: number }) => m.id !== created[2].id)).toBe(true);
  });

  it('answers beside the public list the size and variants of uploaded portraits only', async () => {
    const portrait = await uploadPhoto(ctx, token, 600, 750);
    const withUpload = await createMember({ firstName: 'Iris', lastName: 'Photo', photo: portrait.url, published: true });
    await createMember({ firstName: 'Lien', lastName: 'Externe', photo: 'https://images.example.org/lien.jpg', published: true });
    await createMember({ firstName: 'Cachée', lastName: 'Brouillon', photo: (await uploadPhoto(ctx, token, 500, 500)).url });
    const body = (await ctx.app.inject({ method: 'GET', url: '/api/members?published=true' })).json();
    expect(body.data.find((m: { id: number }) => m.id === withUpload.id).photo).toBe(portrait.url);
    expect(body.images).toEqual({ [portrait.url]: { width: 600, height: 750, variants: portrait.variants } });
    expect(webpWidths(body.images[portrait.url])).toEqual([480]);
    // The admin list too: the backoffice's thumbnails take the smallest variant.
    expect((await adminGet('/api/members')).json().images).toMatchObject(body.images);
  });

  it('keeps the full list, drafts included, and single reads for admins', async () => {
    const draft = await createMember({ firstName: 'Secret', lastName: 'Brouillon' });
    for (const url of ['/api/members', '/api/members?published=false', `/api/members/${draft.id}`]) {
      const anonymous = await ctx.app.inject({ method: 'GET', url });
      expect(anonymous.statusCode, url).toBe(401);
      expect(anonymous.json()).toEqual({ error: texts.api.unauthorized });
    }
    const list = await adminGet('/api/members');
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    expect(list.json().data.find((m: { id: number }) => m.id === draft.id)).toMatchObject({ fullName: 'Secret Brouillon', documentId: draft.documentId });
    const drafts = (await adminGet('/api/members?published=false')).json().data;
    expect(drafts.every((m: { published: boolean }) => !m.published)).toBe(true);
    expect((await adminGet(`/api/members/${draft.id}`)).json()).toEqual({ data: draft });
  });

  it('answers 404 in French for an unknown member and 400 for a bad id', async () => {
    for (const [method, url] of [['GET', '/api/members/424242'], ['PUT', '/api/members/424242'], ['DELETE', '/api/members/424242'], ['POST', '/api/members/424242/publish']] as const) {
      const res = await ctx.app.inject({ method, url, headers: auth(), ...(method === 'PUT' ? { payload: baseMember } : {}) });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ error: 'Membre introuvable' });
    }
    for (const id of ['abc', '0', '2.5', '99999999999']) {
      expect((await adminGet(`/api/members/${id}`)).statusCode, id).toBe(400);
    }
  });

  it('updates every field and keeps the documentId and creation date', async () => {
    const member = await createMember();
    ctx.clock.advance(60_000);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/members/${member.id}`,
      headers: auth(),
      payload: { firstName: 'Léa', lastName: 'Bernard', role: 'Metteuse en scène', note: '', photo: '' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: member.id, documentId: member.documentId, fullName: 'Léa Bernard', note: null, photo: null, createdAt: member.createdAt });
    expect(res.json().data.updatedAt).toBe(ctx.clock.now().toISOString());
  });

  it('publishes and unpublishes, setting and clearing publishedAt', async () => {
    const member = await createMember({ firstName: 'Paul', lastName: 'Publié' });
    const published = await ctx.app.inject({ method: 'POST', url: `/api/members/${member.id}/publish`, headers: auth() });
    expect(published.statusCode).toBe(200);
    expect(published.json().data).toMatchObject({ published: true, publishedAt: ctx.clock.now().toISOString() });
    const visible = (await ctx.app.inject({ method: 'GET', url: '/api/members?published=true' })).json().data;
    expect(visible.some((m: { id: number }) => m.id === member.id)).toBe(true);

    expect((await ctx.app.inject({ method: 'POST', url: `/api/members/${member.id}/unpublish` })).statusCode).toBe(401);
    const unpublished = await ctx.app.inject({ method: 'POST', url: `/api/members/${member.id}/unpublish`, headers: auth() });
    expect(unpublished.json().data).toMatchObject({ published: false, publishedAt: null });
    const after = (await ctx.app.inject({ method: 'GET', url: '/api/members?published=true' })).json().data;
    expect(after.some((m: { id: number }) => m.id === member.id)).toBe(false);
  });

  it('refuses to delete a member credited on a show (409 naming the show), then allows it once removed', async () => {
    const member = await createMember({ firstName: 'Victor', lastName: 'Crédité' });
    const credits = [{ category: 'Au plateau', members: [{ memberId: member.id, role: 'Jean Valjean' }] }];
    const show = await ctx.app.inject({ method: 'POST', url: '/api/shows', headers: auth(), payload: { ...showBody, credits } });
    expect(show.statusCode).toBe(201);

    const refused = await ctx.app.inject({ method: 'DELETE', url: `/api/members/${member.id}`, headers: auth() });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: texts.api.memberInCredits('Les Misérables') });
    expect((await adminGet(`/api/members/${member.id}`)).statusCode).toBe(200);

    const cleared = await ctx.app.inject({ method: 'PUT', url: `/api/shows/${show.json().data.id}`, headers: auth(), payload: { ...showBody, credits: [] } });
    expect(cleared.statusCode).toBe(200);
    const deleted = await ctx.app.inject({ method: 'DELETE', url: `/api/members/${member.id}`, headers: auth() });
    expect(deleted.statusCode).toBe(204);
    expect((await adminGet(`/api/members/${member.id}`)).statusCode).toBe(404);
  });

  it('refuses hostile bodies with a 4xx and leaves the member unchanged', async () => {
    const member = await createMember({ firstName: 'Témoin', lastName: 'Stable' });
    const url = `/api/members/${member.id}`;
    const json = { ...auth(), 'content-type': 'application/json' };
    const attempts = [
      { method: 'PUT' as const, url, headers: json, payload: '{"firstName":' },
      { method: 'PUT' as const, url, headers: json, payload: JSON.stringify([baseMember]) },
      { method: 'PUT' as const, url, headers: auth(), payload: { ...baseMember, firstName: 12 } },
      { method: 'PUT' as const, url, headers: auth(), payload: { ...baseMember, published: 'true' } },
      { method: 'PUT' as const, url, headers: auth(), payload: { ...baseMember, photo: 'javascript:alert(1)' } },
      { method: 'PUT' as const, url, headers: auth(), payload: { ...baseMember, role: 'x\u0000' } },
      { method: 'PUT' as const, url, headers: auth(), payload: { ...baseMember, note: 'x'.repeat(1024 * 1024 + 1) } },
      { method: 'POST' as const, url: `${url}/publish`, headers: json, payload: '{oops' },
    ];
    for (const attempt of attempts) {
      const res = await ctx.app.inject(attempt);
      expect(res.statusCode, String(attempt.payload).slice(0, 40)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(typeof res.json().error).toBe('string');
    }
    expect((await adminGet(url)).json().data).toEqual(member);
  });
});
