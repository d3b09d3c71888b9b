import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { REVISIONS_KEPT, revisionTexts } from '@bande/shared';
import { createAdminToken } from '../../test/admin-token.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { uploadPhoto } from '../images/image-test-helpers.ts';

let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());
beforeEach(async () => {
  token = await createAdminToken(ctx);
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const send = (method: Method, url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
const ok = async (method: Method, url: string, payload?: object) => {
  const res = await send(method, url, payload);
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.statusCode === 204 ? undefined : res.json().data;
};
interface Listed {
  id: number;
  at: string;
  userEmail: string | null;
  entity: string;
  entityId: number;
  action: string;
}
const history = async (entity: string, entityId: number): Promise<Listed[]> => ok('GET', `/api/revisions?entity=${entity}&entityId=${entityId}`);
const restore = (revisionId: number) => ok('POST', `/api/revisions/${revisionId}/restore`);
const emailOfToken = async () =>
  (await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } })).json().user?.email as string | undefined;

let counter = 0;
const showBody = (over: object = {}) => ({
  name: `Le Horla ${++counter}`,
  type: 'Pépite',
  year: '2024',
  pitch: 'Première accroche',
  note: 'Une note',
  performances: [{ date: '2026-03-03T20:30', address: '3 rue Basse', venueName: 'La Cave' }],
  ...over,
});
const memberBody = { firstName: 'Léa', lastName: 'Martin', role: 'Comédienne' };

describe('revisions of admin writes', () => {
  it('records create, updates, publish, featured and unpublish of a show, newest first, with who and when', async () => {
    const show = await ok('POST', '/api/shows', showBody());
    await ok('PUT', `/api/shows/${show.id}`, showBody({ name: show.name, pitch: 'Deuxième accroche' }));
    await ok('POST', `/api/shows/${show.id}/publish`);
    await ok('POST', `/api/shows/${show.id}/featured`, { isFeatured: true });
    await ok('POST', `/api/shows/${show.id}/unpublish`);
    const list = await history('show', show.id);
    expect(list.map((r) => r.action)).toEqual(['unpublish', 'update', 'publish', 'update', 'create']);
    const email = (await ctx.db.selectFrom('adminSessions').innerJoin('adminUsers', 'adminUsers.id', 'adminSessions.userId').select('email').orderBy('adminSessions.id', 'desc').executeTakeFirstOrThrow()).email;
    expect(list.every((r) => r.userEmail === email && r.entity === 'show' && r.entityId === show.id && r.at === ctx.clock.now().toISOString())).toBe(true);

    const detail = await ok('GET', `/api/revisions/${list[3]!.id}`);
    expect(detail).toMatchObject({ id: list[3]!.id, action: 'update', snapshot: { id: show.id, pitch: 'Deuxième accroche', published: false } });
    expect(detail.snapshot.performances).toHaveLength(1);
  });

  it('records origins publication from the body of PUT …/publish, and the card config as entity 1', async () => {
    const category = await ok('POST', '/api/origins/admin/categories', { title: 'Débuts', published: false });
    await ok('PUT', `/api/origins/admin/categories/${category.id}/publish`, { published: true });
    await ok('PUT', `/api/origins/admin/categories/${category.id}/publish`, { published: false });
    expect((await history('origin-category', category.id)).map((r) => r.action)).toEqual(['unpublish', 'publish', 'create']);

    const card = { isEnabled: false, sectionTitle: 'Carte', sectionDescription: 'Desc', buttonText: 'Go', modalTitle: 'M', modalDescription: 'MD', modalButtonText: 'Envoyer' };
    await ok('PUT', '/api/card-config', card);
    const [revision] = await history('card-config', 1);
    expect(revision).toMatchObject({ action: 'update', entityId: 1 });
  });

  it('records nothing for refused writes, nor for the gallery order', async () => {
    const show = await ok('POST', '/api/shows', showBody());
    expect((await send('PUT', `/api/shows/${show.id}`, { ...showBody(), name: '' })).statusCode).toBe(400);
    expect((await send('DELETE', '/api/shows/999999')).statusCode).toBe(404);
    expect((await history('show', show.id)).map((r) => r.action)).toEqual(['create']);
    expect(await history('show', 999999)).toEqual([]);

    const item = await ok('POST', '/api/gallery', { type: 'youtube', url: 'https://youtu.be/dQw4w9WgXcQ', title: 'Vidéo' });
    await ok('POST', '/api/gallery/reorder', { items: [{ id: item.id, position: 0 }] });
    expect((await history('gallery', item.id)).map((r) => r.action)).toEqual(['create']);
  });

  it('keeps only the last revisions of each entity', async () => {
    const venue = await ok('POST', '/api/venues', { name: 'Salle 0', address: '1 rue Haute' });
    const other = await ok('POST', '/api/venues', { name: 'Autre', address: '2 rue Basse' });
    for (let n = 1; n <= REVISIONS_KEPT + 2; n++) await ok('PUT', `/api/venues/${venue.id}`, { name: `Salle ${n}`, address: '1 rue Haute' });
    const list = await history('venue', venue.id);
    expect(list).toHaveLength(REVISIONS_KEPT);
    expect(list.map((r) => r.action)).not.toContain('create');
    expect((await ok('GET', `/api/revisions/${list.at(-1)!.id}`)).snapshot.name).toBe('Salle 3');
    expect(await history('venue', other.id)).toHaveLength(1);
  });

  it('never fails the edit when the revision cannot be written', async () => {
    await ctx.db.schema.alterTable('revisions').renameTo('revisionsAside').execute();
    try {
      const res = await send('POST', '/api/venues', { name: 'Salle', address: '1 rue Haute' });
      expect(res.statusCode).toBe(201);
      expect((await ok('GET', `/api/venues/${res.json().data.id}`)).name).toBe('Salle');
    } finally {
      await ctx.db.schema.alterTable('revisionsAside').renameTo('revisions').execute();
    }
  });
});

describe('restore', () => {
  it('brings back the first version of a show edited three times, as a revision of its own', async () => {
    const created = await ok('POST', '/api/shows', showBody({ quote: 'Citation 1', credits: [{ category: 'Jeu', members: [] }] }));
    for (const n of [2, 3, 4]) {
      await ok('PUT', `/api/shows/${created.id}`, showBody({ name: created.name, pitch: `Accroche ${n}`, quote: `Citation ${n}`, performances: [], credits: [] }));
    }
    const first = (await history('show', created.id)).at(-1)!;
    expect(first.action).toBe('create');
    const restored = await restore(first.id);
    expect(restored).toMatchObject({ id: created.id, slug: created.slug, pitch: 'Première accroche', quote: 'Citation 1', published: false });
    expect(restored.performances.map((p: { date: string }) => p.date)).toEqual(created.performances.map((p: { date: string }) => p.date));
    expect(restored.credits.map((c: { category: string }) => c.category)).toEqual(['Jeu']);
    expect(await ok('GET', `/api/shows/${created.id}`)).toMatchObject({ pitch: 'Première accroche', quote: 'Citation 1' });
    expect((await history('show', created.id))[0]).toMatchObject({ action: 'restore', userEmail: await emailOfToken() });
    await ctx.app.auditLogSettled();
    const logged = await ctx.db.selectFrom('auditLog').select(['action', 'entity', 'entityId']).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(logged).toEqual({ action: 'restore', entity: 'revisions', entityId: String(first.id) });
  });

  it('never publishes: a published show stays published, a draft stays a draft', async () => {
    const show = await ok('POST', '/api/shows', showBody());
    await ok('POST', `/api/shows/${show.id}/publish`);
    await ok('PUT', `/api/shows/${show.id}`, showBody({ name: show.name, pitch: 'Publiée puis modifiée' }));
    const published = (await history('show', show.id)).find((r) => r.action === 'publish')!;
    await ok('POST', `/api/shows/${show.id}/unpublish`);
    // The snapshot of the publish says published: true; the restore keeps the current draft state.
    expect(await restore(published.id)).toMatchObject({ published: false, pitch: 'Première accroche' });
    await ok('POST', `/api/shows/${show.id}/publish`);
    const draftRevision = (await history('show', show.id)).find((r) => r.action === 'create')!;
    expect(await restore(draftRevision.id)).toMatchObject({ published: true });

    const partner = await ok('POST', '/api/partners', { title: 'Librairie', description: 'Un partenaire', link: '' });
    await ok('POST', `/api/partners/${partner.id}/publish`);
    const [publishRevision] = await history('partner', partner.id);
    await ok('DELETE', `/api/partners/${partner.id}`);
    expect(await restore(publishRevision!.id)).toMatchObject({ id: partner.id, published: false, title: 'Librairie' });
  });

  it('brings a deleted show back as a draft, with its id, slug, performances and credits', async () => {
    const member = await ok('POST', '/api/members', memberBody);
    const show = await ok('POST', '/api/shows', showBody({ credits: [{ category: 'Jeu', members: [{ memberId: member.id, role: 'Le narrateur' }] }] }));
    await ok('POST', `/api/shows/${show.id}/publish`);
    await ok('DELETE', `/api/shows/${show.id}`);
    const [deleted] = await history('show', show.id);
    expect(deleted).toMatchObject({ action: 'delete' });
    expect((await ok('GET', `/api/revisions/${deleted!.id}`)).snapshot).toMatchObject({ id: show.id, published: true });
    expect((await ok('GET', '/api/revisions/deleted?entity=show')).map((d: { entityId: number; label: string }) => [d.entityId, d.label])).toContainEqual([show.id, show.name]);

    const restored = await restore(deleted!.id);
    expect(restored).toMatchObject({ id: show.id, slug: show.slug, name: show.name, published: false, publishedAt: null });
    expect(restored.performances).toHaveLength(1);
    expect(restored.credits[0].members).toMatchObject([{ memberId: member.id, role: 'Le narrateur' }]);
    expect((await ok('GET', '/api/revisions/deleted?entity=show')).map((d: { entityId: number }) => d.entityId)).not.toContain(show.id);
    // Public: still a draft, so not on the site.
    expect((await ctx.app.inject({ method: 'GET', url: `/api/shows/slug/${show.slug}` })).statusCode).toBe(404);
  });

  it('gives a deleted show a free slug when another show took its own, and drops credits of deleted members', async () => {
    const member = await ok('POST', '/api/members', memberBody);
    const show = await ok('POST', '/api/shows', showBody({ name: 'Même titre', credits: [{ category: 'Jeu', members: [{ memberId: member.id }] }] }));
    await ok('DELETE', `/api/shows/${show.id}`);
    await ok('DELETE', `/api/members/${member.id}`);
    const twin = await ok('POST', '/api/shows', showBody({ name: 'Même titre' }));
    expect(twin.slug).toBe(show.slug);
    const restored = await restore((await history('show', show.id))[0]!.id);
    expect(restored.id).toBe(show.id);
    expect(restored.slug).not.toBe(show.slug);
    expect(restored.slug).toMatch(/^meme-titre-\d+$/);
    expect(restored.credits).toEqual([expect.objectContaining({ category: 'Jeu', members: [] })]);
  });

  it('brings a deleted member, venue, gallery item back with their ids, as drafts', async () => {
    const member = await ok('POST', '/api/members', { ...memberBody, published: true });
    await ok('DELETE', `/api/members/${member.id}`);
    expect(await restore((await history('member', member.id))[0]!.id)).toMatchObject({ id: member.id, documentId: member.documentId, firstName: 'Léa', published: false });

    const venue = await ok('POST', '/api/venues', { name: 'La Cave', address: '3 rue Basse' });
    await ok('DELETE', `/api/venues/${venue.id}`);
    expect(await restore((await history('venue', venue.id))[0]!.id)).toEqual(venue);

    const item = await ok('POST', '/api/gallery', { type: 'youtube', url: 'https://youtu.be/dQw4w9WgXcQ', title: 'Vidéo' });
    await ok('DELETE', `/api/gallery/${item.id}`);
    expect(await restore((await history('gallery', item.id))[0]!.id)).toMatchObject({ id: item.id, title: 'Vidéo', published: false });
  });

  it('a deleted origins category comes back with its events (as drafts); an event needs its category', async () => {
    const category = await ok('POST', '/api/origins/admin/categories', { title: 'Débuts', description: 'Le commencement' });
    const event = await ok('POST', '/api/origins/admin/events', { categoryId: category.id, title: 'Première lecture', date: '2019-05', description: 'Au café' });
    await ok('DELETE', `/api/origins/admin/events/${event.id}`);
    const eventDeleted = (await history('origin-event', event.id))[0]!;
    await ok('DELETE', `/api/origins/admin/categories/${category.id}`);
    const eventRestore = await send('POST', `/api/revisions/${eventDeleted.id}/restore`);
    expect(eventRestore.statusCode).toBe(409);
    expect(eventRestore.json().error).toBe(revisionTexts.eventCategoryGone);

    // The category's snapshot (before its delete) no longer holds the event deleted before it.
    const before = (await history('origin-category', category.id))[0]!;
    const restored = await restore(before.id);
    expect(restored).toMatchObject({ id: category.id, title: 'Débuts', published: false, events: [] });
    expect(await restore(eventDeleted.id)).toMatchObject({ id: event.id, categoryId: category.id, published: false });

    const withEvents = await ok('POST', '/api/origins/admin/categories', { title: 'Tournées' });
    const kept = await ok('POST', '/api/origins/admin/events', { categoryId: withEvents.id, title: 'Lyon', date: '2021', description: 'Une salle pleine' });
    await ok('DELETE', `/api/origins/admin/categories/${withEvents.id}`);
    const back = await restore((await history('origin-category', withEvents.id))[0]!.id);
    expect(back.events).toEqual([expect.objectContaining({ id: kept.id, title: 'Lyon', published: false })]);
  });

  it('restores the card config texts but never switches the section on', async () => {
    const card = { isEnabled: true, sectionTitle: 'Ancien titre', sectionDescription: 'Desc', buttonText: 'Go', modalTitle: 'M', modalDescription: 'MD', modalButtonText: 'Envoyer' };
    await ok('PUT', '/api/card-config', card);
    await ok('PUT', '/api/card-config', { ...card, isEnabled: false, sectionTitle: 'Nouveau titre' });
    const enabledVersion = (await history('card-config', 1))[1]!;
    expect(await restore(enabledVersion.id)).toEqual({ ...card, isEnabled: false });
  });

  it('drops an upload that left storage since, and clears the public answer cache', async () => {
    const photo = await uploadPhoto(ctx, token);
    const member = await ok('POST', '/api/members', { ...memberBody, published: true, note: 'Avant', photo: photo.url });
    const publicNotes = async () =>
      (await ctx.app.inject({ method: 'GET', url: '/api/members?published=true' })).json().data.filter((m: { id: number }) => m.id === member.id).map((m: { note: string }) => m.note);
    expect(await publicNotes()).toEqual(['Avant']);
    await ok('PUT', `/api/members/${member.id}`, { ...memberBody, note: 'Après', photo: null });
    expect(await publicNotes()).toEqual(['Après']);
    const restored = await restore((await history('member', member.id)).at(-1)!.id);
    // The photo was released by the edit (nothing named it any more): the restore does not point at it.
    expect(restored).toMatchObject({ note: 'Avant', photo: null, published: true });
    expect(await publicNotes()).toEqual(['Avant']);
  });
});

describe('revision routes: errors', () => {
  it('answers 404 in French for an unknown revision, on read and on restore', async () => {
    for (const [method, url] of [['GET', '/api/revisions/999999'], ['POST', '/api/revisions/999999/restore']] as const) {
      const res = await send(method, url);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe(revisionTexts.notFound);
    }
  });

  it('answers 400 in French for an unknown entity or a missing or invalid entityId', async () => {
    const cases: [string, string][] = [
      ['?entity=spectacle&entityId=1', revisionTexts.entityInvalid],
      ['?entityId=1', revisionTexts.entityInvalid],
      ['?entity=show', revisionTexts.entityIdInvalid],
      ['?entity=show&entityId=abc', revisionTexts.entityIdInvalid],
      ['?entity=show&entityId=0', revisionTexts.entityIdInvalid],
      ['?entity=show&entityId=1.5', revisionTexts.entityIdInvalid],
    ];
    for (const [query, message] of cases) {
      const res = await send('GET', `/api/revisions${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(JSON.stringify(res.json()), query).toContain(message);
    }
    expect((await send('GET', '/api/revisions/deleted?entity=nope')).statusCode).toBe(400);
    expect((await send('POST', '/api/revisions/abc/restore')).statusCode).toBe(400);
  });

  it('answers 401 without a token on every revision route', async () => {
    for (const [method, url] of [
      ['GET', '/api/revisions?entity=show&entityId=1'],
      ['GET', '/api/revisions/1'],
      ['POST', '/api/revisions/1/restore'],
      ['GET', '/api/revisions/deleted?entity=show'],
    ] as const) {
      expect((await ctx.app.inject({ method, url })).statusCode, url).toBe(401);
    }
  });
});
