import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '@bande/shared';
import { createAdminToken } from '../../test/admin-token.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { uploadPhoto, webpWidths } from '../images/image-test-helpers.ts';

let ctx: TestContext;
let token: string;
let lea: { id: number };
let paul: { id: number };

beforeAll(async () => {
  ctx = await createTestApp();
  token = await createAdminToken(ctx);
  lea = await createMember({ firstName: 'Léa', lastName: 'Martin', role: 'Comédienne', published: true });
  paul = await createMember({ firstName: 'Paul', lastName: 'Durand', role: 'Metteur en scène' });
});
afterAll(() => ctx.close());

const auth = () => ({ authorization: `Bearer ${token}` });
const baseShow = { name: 'Madame Bovary', type: 'Grand format', year: '2025', pitch: 'Emma rêve.', note: 'Note de mise en scène' };

async function createMember(fields: Record<string, unknown>) {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/members', headers: auth(), payload: fields });
  expect(res.statusCode).toBe(201);
  return res.json().data;
}

async function createShow(fields: Record<string, unknown> = {}) {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/shows', headers: auth(), payload: { ...baseShow, ...fields } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

const adminGet = (url: string) => ctx.app.inject({ method: 'GET', url, headers: auth() });
const post = (url: string, payload?: unknown) => ctx.app.inject({ method: 'POST', url, headers: auth(), ...(payload === undefined ? {} : { payload: payload as object }) });
const counts = async () => ({
  shows: (await ctx.db.selectFrom('shows').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n,
  performances: (await ctx.db.selectFrom('performances').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n,
  credits: (await ctx.db.selectFrom('creditMembers').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n,
});

describe('creating a show', () => {
  it('creates a draft with a slug from its name, ISO dates and no book or author', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/shows', headers: auth(), payload: { ...baseShow, name: 'Pépite : Cœur d’été !' } });
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const show = res.json().data;
    expect(show).toMatchObject({ slug: 'pepite-coeur-d-ete', published: false, publishedAt: null, isFeatured: false, book: null, author: null, quote: null, remerciement: null, photo: null, performances: [], credits: [] });
    expect(show.createdAt).toBe('2026-03-03T19:30:00.000Z');
  });

  it('applies the form rules: dropped blanks, null empties, ISO dates in order, credits with member fields', async () => {
    const show = await createShow({
      name: 'Bovary complet',
      quote: '  ',
      book: { name: 'Madame Bovary', type: 'Roman', description: 'Un roman', note: '', photo: '' },
      author: { name: '', date: '1821 – 1880' },
      performances: [
        { date: '2026-06-12T20:30:00+02:00', address: '1 rue de la Paix, Paris', venueName: '', bookingLink: '' },
        { date: '', address: '2 rue sans date' },
        { date: '2026-05-01T18:00:00.000Z', address: '  ' },
        { date: '2026-04-02T20:00:00+02:00', address: '3 place du Théâtre', venueName: 'Le Petit Théâtre', bookingLink: 'https://billets.example.org/1' },
      ],
      credits: [
        { category: 'Au plateau', members: [{ memberId: paul.id, role: 'Charles' }, { memberId: lea.id, role: '' }] },
        { category: '   ', members: [{ memberId: lea.id }] },
        { category: 'Mise en scène', members: [{ memberId: paul.id, role: null }] },
      ],
    });
    expect(show.quote).toBeNull();
    expect(show.book).toEqual({ name: 'Madame Bovary', type: 'Roman', description: 'Un roman', note: null, photo: null });
    expect(show.author).toBeNull();
    expect(show.performances.map((p: { date: string }) => p.date)).toEqual(['2026-04-02T18:00:00.000Z', '2026-06-12T18:30:00.000Z']);
    expect(show.performances[1]).toMatchObject({ address: '1 rue de la Paix, Paris', venueName: null, bookingLink: null });
    expect(show.performances[0]).toMatchObject({ venueName: 'Le Petit Théâtre', bookingLink: 'https://billets.example.org/1' });
    expect(show.credits.map((c: { category: string }) => c.category)).toEqual(['Au plateau', 'Mise en scène']);
    expect(show.credits[0].members).toEqual([
      { memberId: paul.id, role: 'Charles', firstName: 'Paul', lastName: 'Durand', fullName: 'Paul Durand', photo: null, published: false },
      { memberId: lea.id, role: 'Comédienne', firstName: 'Léa', lastName: 'Martin', fullName: 'Léa Martin', photo: null, published: true },
    ]);
    expect(show.credits[1].members[0].role).toBe('Metteur en scène');

    const row = await ctx.db.selectFrom('shows').select(['book', 'author']).where('id', '=', show.id).executeTakeFirstOrThrow();
    expect(typeof row.book).toBe('string');
    expect(JSON.parse(row.book!)).toEqual(show.book);
    expect(row.author).toBeNull();
  });

  it('refuses a seventh credit category with the spec message and stores nothing', async () => {
    const before = await counts();
    const credits = Array.from({ length: 7 }, (_, i) => ({ category: `Catégorie ${i + 1}`, members: [{ memberId: lea.id }] }));
    const res = await post('/api/shows', { ...baseShow, credits });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Maximum 6 catégories de crédits');
    expect(await counts()).toEqual(before);
    // Blank categories do not count towards the six.
    const six = [...credits.slice(0, 6), { category: ' ', members: [] }];
    expect((await post('/api/shows', { ...baseShow, name: 'Six catégories', credits: six })).statusCode).toBe(201);
  });

  it('answers 400 in French when a credit names an unknown member, and stores nothing', async () => {
    const before = await counts();
    const res = await post('/api/shows', { ...baseShow, credits: [{ category: 'Au plateau', members: [{ memberId: lea.id }, { memberId: 987654 }] }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain('987654');
    expect(res.json().error).toMatch(/^Membre introuvable/);
    expect(await counts()).toEqual(before);
  });

  it('accepts only the four show types', async () => {
    const res = await post('/api/shows', { ...baseShow, type: 'Opéra' });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues[0].path).toBe('type');
    for (const type of ['Pépite', 'Grand format', 'Brigade de mots', 'Lecture de poche']) {
      expect((await post('/api/shows', { ...baseShow, name: `Type ${type}`, type })).statusCode, type).toBe(201);
    }
  });

  it('requires name, type, year, pitch and note', async () => {
    for (const field of ['name', 'type', 'year', 'pitch', 'note']) {
      const res = await post('/api/shows', { ...baseShow, [field]: undefined });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().issues[0].path).toBe(field);
    }
  });
});

describe('public and admin reads', () => {
  let published: { id: number; slug: string };
  let draft: { id: number; slug: string };
  let featured: { id: number };

  beforeAll(async () => {
    published = await createShow({
      name: 'Le Horla',
      published: true,
      performances: [
        { date: '2026-09-01T20:00:00.000Z', address: 'B' },
        { date: '2026-01-01T20:00:00.000Z', address: 'A' },
      ],
      credits: [{ category: 'Lecture', members: [{ memberId: lea.id, role: 'La voix' }] }],
    });
    draft = await createShow({ name: 'Brouillon secret' });
    featured = await createShow({ name: 'À l’affiche', published: true, isFeatured: true });
  });

  it('lists published shows to visitors without a token, with sorted performances and a short cache', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/shows?published=true' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const data = res.json().data;
    expect(data.every((s: { published: boolean }) => s.published)).toBe(true);
    expect(data.map((s: { id: number }) => s.id)).not.toContain(draft.id);
    const horla = data.find((s: { id: number }) => s.id === published.id);
    expect(Object.keys(horla).sort()).toEqual(['id', 'isFeatured', 'name', 'performances', 'photo', 'pitch', 'published', 'slug', 'type', 'year']);
    expect(horla.performances.map((p: { address: string }) => p.address)).toEqual(['A', 'B']);
  });

  it('filters featured shows', async () => {
    const data = (await ctx.app.inject({ method: 'GET', url: '/api/shows?published=true&isFeatured=true' })).json().data;
    expect(data.map((s: { id: number }) => s.id)).toContain(featured.id);
    expect(data.map((s: { id: number }) => s.id)).not.toContain(published.id);
    expect(data.every((s: { isFeatured: boolean; published: boolean }) => s.isFeatured && s.published)).toBe(true);
  });

  it('keeps the full list, drafts and single shows for admins (401 without a token)', async () => {
    for (const url of ['/api/shows', '/api/shows?published=false', `/api/shows/${published.id}`, '/api/shows?isFeatured=true']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual({ error: texts.api.unauthorized });
    }
    const all = await adminGet('/api/shows');
    expect(all.headers['cache-control']).toBe('no-store');
    expect(all.json().data.map((s: { id: number }) => s.id)).toEqual(expect.arrayContaining([published.id, draft.id]));
    const drafts = (await adminGet('/api/shows?published=false')).json().data;
    expect(drafts.map((s: { id: number }) => s.id)).toContain(draft.id);
    expect(drafts.every((s: { published: boolean }) => !s.published)).toBe(true);
    const one = await adminGet(`/api/shows/${draft.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().data).toMatchObject({ id: draft.id, name: 'Brouillon secret', published: false });
  });

  it('shows a published show by slug with its credits and performances, to anyone', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/shows/slug/${published.slug}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const show = res.json().data;
    expect(show).toMatchObject({ id: published.id, name: 'Le Horla', slug: 'le-horla', book: null, author: null });
    expect(show.credits).toEqual([
      { id: expect.any(Number), category: 'Lecture', members: [expect.objectContaining({ memberId: lea.id, role: 'La voix', fullName: 'Léa Martin' })] },
    ]);
    expect(show.performances.map((p: { date: string }) => p.date)).toEqual(['2026-01-01T20:00:00.000Z', '2026-09-01T20:00:00.000Z']);
  });

  it('answers a draft or unknown slug with a French 404', async () => {
    for (const slug of [draft.slug, 'nexiste-pas']) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/shows/slug/${slug}` });
      expect(res.statusCode, slug).toBe(404);
      expect(res.json()).toEqual({ error: 'Spectacle introuvable' });
    }
    // Even an admin token does not reveal a draft on the public page path.
    expect((await adminGet(`/api/shows/slug/${draft.slug}`)).statusCode).toBe(404);
  });

  it('answers 404 for unknown ids and 400 for ids that are not numbers', async () => {
    for (const [method, url] of [['GET', '/api/shows/777777'], ['DELETE', '/api/shows/777777'], ['POST', '/api/shows/777777/publish'], ['POST', '/api/shows/777777/unpublish']] as const) {
      const res = await ctx.app.inject({ method, url, headers: auth() });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ error: 'Spectacle introuvable' });
    }
    expect((await post('/api/shows/777777/featured', { isFeatured: true })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'PUT', url: '/api/shows/777777', headers: auth(), payload: baseShow })).statusCode).toBe(404);
    for (const id of ['abc', '0', '1e', '99999999999']) {
      expect((await adminGet(`/api/shows/${id}`)).statusCode, id).toBe(400);
    }
  });
});

describe('image sizes and variants in public reads', () => {
  it('answers, beside the shows, the size and variants of every uploaded picture they name, and nothing for links', async () => {
    const photo = await uploadPhoto(ctx, token, 1200, 800);
    const cover = await uploadPhoto(ctx, token, 600, 900);
    const portrait = await uploadPhoto(ctx, token, 500, 500);
    await ctx.app.inject({ method: 'PUT', url: `/api/members/${lea.id}`, headers: auth(), payload: { firstName: 'Léa', lastName: 'Martin', role: 'Comédienne', photo: portrait.url, published: true } });
    const external = 'https://images.example.org/auteur.jpg';
    const show = await createShow({
      name: 'Le Rouge et le Noir',
      published: true,
      isFeatured: true,
      photo: photo.url,
      book: { name: 'Le Rouge et le Noir', photo: cover.url },
      author: { name: 'Stendhal', photo: external },
      credits: [{ category: 'Lecture', members: [{ memberId: lea.id }] }],
    });
    const bare = await createShow({ name: 'Sans image', published: true, isFeatured: true, photo: external });

    for (const url of ['/api/shows?published=true', '/api/shows?published=true&isFeatured=true']) {
      const body = (await ctx.app.inject({ method: 'GET', url })).json();
      expect(body.data.map((s: { id: number }) => s.id), url).toEqual(expect.arrayContaining([show.id, bare.id]));
      // Lists show only the main photo: the cover and portraits are not sent.
      expect(Object.keys(body.images), url).toEqual([photo.url]);
      expect(body.images[photo.url]).toEqual({ width: 1200, height: 800, variants: photo.variants });
      expect(webpWidths(body.images[photo.url])).toEqual([480, 960]);
    }

    const detail = (await ctx.app.inject({ method: 'GET', url: `/api/shows/slug/${show.slug}` })).json();
    expect(detail.data).toMatchObject({ photo: photo.url, book: { photo: cover.url }, author: { photo: external } });
    expect(Object.keys(detail.images).sort()).toEqual([photo.url, cover.url, portrait.url].sort());
    expect(detail.images[cover.url]).toMatchObject({ width: 600, height: 900 });
    expect(webpWidths(detail.images[cover.url])).toEqual([480]);
    expect(webpWidths(detail.images[portrait.url])).toEqual([480]);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/shows/slug/${bare.slug}` })).json().images).toEqual({});

    // The admin list too (drafts included): the backoffice's thumbnails take the smallest variant.
    expect((await adminGet('/api/shows')).json().images).toEqual({ [photo.url]: { width: 1200, height: 800, variants: photo.variants } });
  });
});

describe('changing a show', () => {
  it('replaces performances and credits as a whole on PUT, keeping the slug', async () => {
    const show = await createShow({
      name: 'Candide',
      performances: [{ date: '2026-05-05T19:00:00.000Z', address: 'Ancienne adresse' }],
      credits: [{ category: 'Au plateau', members: [{ memberId: lea.id }] }],
    });
    ctx.clock.advance(3_600_000);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/shows/${show.id}`,
      headers: auth(),
      payload: {
        ...baseShow,
        name: 'Candide ou l’optimisme',
        performances: [
          { date: '2026-07-07T19:00:00.000Z', address: 'Nouvelle adresse' },
          { date: '2026-06-06T19:00:00.000Z', address: 'Autre adresse' },
        ],
        credits: [{ category: 'Musique', members: [{ memberId: paul.id, role: 'Piano' }] }],
      },
    });
    expect(res.statusCode).toBe(200);
    const updated = res.json().data;
    expect(updated).toMatchObject({ id: show.id, name: 'Candide ou l’optimisme', slug: 'candide', createdAt: show.createdAt, updatedAt: ctx.clock.now().toISOString() });
    expect(updated.performances.map((p: { address: string }) => p.address)).toEqual(['Autre adresse', 'Nouvelle adresse']);
    expect(updated.credits).toHaveLength(1);
    expect(updated.credits[0]).toMatchObject({ category: 'Musique', members: [{ memberId: paul.id, role: 'Piano' }] });
    const leftovers = await ctx.db.selectFrom('performances').select('address').where('showId', '=', show.id).execute();
    expect(leftovers.map((p) => p.address).sort()).toEqual(['Autre adresse', 'Nouvelle adresse']);
  });

  it('makes a new slug from the new name only when regenerateSlug is sent', async () => {
    const show = await createShow({ name: 'Zadig', published: true });
    const res = await ctx.app.inject({ method: 'PUT', url: `/api/shows/${show.id}`, headers: auth(), payload: { ...baseShow, name: 'Zadig ou la Destinée', regenerateSlug: true } });
    expect(res.json().data.slug).toBe('zadig-ou-la-destinee');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/shows/slug/zadig-ou-la-destinee' })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/shows/slug/zadig' })).statusCode).toBe(404);
  });

  it('leaves a show untouched when its update is refused', async () => {
    const show = await createShow({ name: 'Intact', performances: [{ date: '2026-05-05T19:00:00.000Z', address: 'Ici' }], credits: [{ category: 'Au plateau', members: [{ memberId: lea.id }] }] });
    const refused = await ctx.app.inject({
      method: 'PUT',
      url: `/api/shows/${show.id}`,
      headers: auth(),
      payload: { ...baseShow, name: 'Changé', performances: [], credits: [{ category: 'X', members: [{ memberId: 555555 }] }] },
    });
    expect(refused.statusCode).toBe(400);
    expect((await adminGet(`/api/shows/${show.id}`)).json().data).toEqual(show);
  });

  it('publishes and unpublishes, setting and clearing publishedAt', async () => {
    const show = await createShow({ name: 'Publiable' });
    const published = await post(`/api/shows/${show.id}/publish`);
    expect(published.statusCode).toBe(200);
    expect(published.json().data).toMatchObject({ published: true, publishedAt: ctx.clock.now().toISOString() });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/shows/slug/publiable' })).statusCode).toBe(200);

    expect((await ctx.app.inject({ method: 'POST', url: `/api/shows/${show.id}/unpublish` })).statusCode).toBe(401);
    const unpublished = await post(`/api/shows/${show.id}/unpublish`);
    expect(unpublished.json().data).toMatchObject({ published: false, publishedAt: null });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/shows/slug/publiable' })).statusCode).toBe(404);
    const list = (await ctx.app.inject({ method: 'GET', url: '/api/shows?published=true' })).json().data;
    expect(list.map((s: { id: number }) => s.id)).not.toContain(show.id);
  });

  it('toggles the featured flag', async () => {
    const show = await createShow({ name: 'Vedette' });
    expect((await ctx.app.inject({ method: 'POST', url: `/api/shows/${show.id}/featured`, payload: { isFeatured: true } })).statusCode).toBe(401);
    const on = await post(`/api/shows/${show.id}/featured`, { isFeatured: true });
    expect(on.statusCode).toBe(200);
    expect(on.json().data.isFeatured).toBe(true);
    const off = await post(`/api/shows/${show.id}/featured`, { isFeatured: false });
    expect(off.json().data.isFeatured).toBe(false);
    const wrong = await post(`/api/shows/${show.id}/featured`, { isFeatured: 'true' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe('isFeatured doit être vrai ou faux');
  });

  it('deletes a show with its performances and credits, but not its members', async () => {
    const show = await createShow({ name: 'Éphémère', performances: [{ date: '2026-05-05T19:00:00.000Z', address: 'Ici' }], credits: [{ category: 'Au plateau', members: [{ memberId: lea.id }] }] });
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/shows/${show.id}` })).statusCode).toBe(401);
    const res = await ctx.app.inject({ method: 'DELETE', url: `/api/shows/${show.id}`, headers: auth() });
    expect(res.statusCode).toBe(204);
    expect((await adminGet(`/api/shows/${show.id}`)).statusCode).toBe(404);
    expect(await ctx.db.selectFrom('performances').select('id').where('showId', '=', show.id).execute()).toEqual([]);
    expect(await ctx.db.selectFrom('credits').select('id').where('showId', '=', show.id).execute()).toEqual([]);
    expect((await adminGet(`/api/members/${lea.id}`)).statusCode).toBe(200);
  });
});

describe('hostile requests', () => {
  it('answers 4xx in French and changes nothing stored', async () => {
    const show = await createShow({ name: 'Forteresse', performances: [{ date: '2026-05-05T19:00:00.000Z', address: 'Ici' }] });
    const before = await counts();
    const url = `/api/shows/${show.id}`;
    const json = { ...auth(), 'content-type': 'application/json' };
    const attempts = [
      { method: 'POST' as const, url: '/api/shows', headers: json, payload: '{"name": "Cassé", ' },
      { method: 'PUT' as const, url, headers: json, payload: '{"name": "Cassé", ' },
      { method: 'PUT' as const, url, headers: json, payload: JSON.stringify([baseShow]) },
      { method: 'PUT' as const, url, headers: json, payload: 'null' },
      { method: 'PUT' as const, url, headers: auth(), payload: { ...baseShow, year: 2025 } },
      { method: 'PUT' as const, url, headers: auth(), payload: { ...baseShow, isFeatured: 'true' } },
      { method: 'PUT' as const, url, headers: auth(), payload: { ...baseShow, type: 'Inconnu' } },
      { method: 'PUT' as const, url, headers: auth(), payload: { ...baseShow, performances: { date: '2026-01-01' } } },
      { method: 'PUT' as const, url, headers: auth(), payload: { ...baseShow, performances: [{ date: 'demain soir', address: 'Ici' }] } },
      { method: 'PUT' as const, url, headers: auth(), payload: { ...baseShow, performances: [{ date: '2026-01-01T20:00:00Z', address: 'Ici', bookingLink: 'javascript:alert(1)' }] } },
      { method: 'PUT' as const, url, headers: auth(), payload: { ...baseShow, credits: [{ category: 'A', members: [{ memberId: 'abc' }] }] } },
      { method: 'PUT' as const, url, headers: auth(), payload: { ...baseShow, credits: [{ category: 'A', members: [{ memberId: 99999999999 }] }] } },
      { method: 'PUT' as const, url, headers: auth(), payload: { ...baseShow, book: { name: 'Livre\u0000' } } },
      { method: 'PUT' as const, url, headers: auth(), payload: { ...baseShow, book: ['Livre'] } },
      { method: 'PUT' as const, url, headers: auth(), payload: { ...baseShow, pitch: 'x'.repeat(5001) } },
      { method: 'PUT' as const, url, headers: auth(), payload: { ...baseShow, note: 'x'.repeat(1024 * 1024 + 1) } },
      { method: 'POST' as const, url: '/api/shows', headers: { ...auth(), 'content-type': 'text/plain' }, payload: 'name=x' },
      { method: 'POST' as const, url: `${url}/featured`, headers: json, payload: '{' },
      { method: 'POST' as const, url: `${url}/featured`, headers: json, payload: '[true]' },
    ];
    for (const attempt of attempts) {
      const res = await ctx.app.inject(attempt);
      const label = `${attempt.method} ${String(attempt.payload).slice(0, 60)}`;
      expect(res.statusCode, label).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, label).toBeLessThan(500);
      expect(typeof res.json().error, label).toBe('string');
    }
    expect(await counts()).toEqual(before);
    expect((await adminGet(url)).json().data).toEqual(show);
  });

  it('refuses an oversized body with a 413 in French', async () => {
    const res = await post('/api/shows', { ...baseShow, note: 'x'.repeat(1024 * 1024 + 1) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: texts.api.bodyTooLarge });
  });
});
