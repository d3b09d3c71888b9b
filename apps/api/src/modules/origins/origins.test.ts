import { describe, expect, it } from 'vitest';
import { texts } from '@bande/shared';
import type { TestContext } from '../../test/test-app.ts';
import { adminTestAppForThisFile } from '../../test/admin-token.ts';
import { expectInvalidIds, expectUnknownIds } from '../../test/id-checks.ts';

let ctx: TestContext;
let auth: { authorization: string };
adminTestAppForThisFile((app) => ({ ctx, auth } = app), { emptyBeforeEach: ['originEvents', 'originCategories'] });

interface Event {
  id: number;
  title: string;
  date: string;
  published: boolean;
  categoryId: number;
}
interface Category {
  id: number;
  title: string;
  description: string | null;
  position: number;
  published: boolean;
  events: Event[];
}

const CATEGORIES = '/api/origins/admin/categories';
const EVENTS = '/api/origins/admin/events';

async function createCategory(body: Record<string, unknown> = {}): Promise<Category> {
  const res = await ctx.app.inject({ method: 'POST', url: CATEGORIES, headers: auth, payload: { title: 'Les débuts', description: 'Premières lectures', ...body } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}
async function createEvent(categoryId: number, body: Record<string, unknown> = {}): Promise<Event> {
  const res = await ctx.app.inject({ method: 'POST', url: EVENTS, headers: auth, payload: { title: 'Première lecture', date: '2012-10-05', description: 'Au café du coin', categoryId, ...body } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}
const adminCategories = async (): Promise<Category[]> => (await ctx.app.inject({ method: 'GET', url: CATEGORIES, headers: auth })).json();
const publicCategories = async (): Promise<Category[]> => {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/origins/categories' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('public, max-age=60');
  return res.json().data;
};

describe('origins categories', () => {
  it('numbers new categories from 1 at the end and keeps a given position', async () => {
    const first = await createCategory();
    const second = await createCategory({ title: 'La troupe' });
    const placed = await createCategory({ title: 'Aujourd’hui', position: 7 });
    expect([first.position, second.position, placed.position]).toEqual([1, 2, 7]);
    expect((await createCategory({ title: 'Demain' })).position).toBe(8);
    expect(first).toMatchObject({ title: 'Les débuts', description: 'Premières lectures', published: true, events: [] });
  });

  it('answers the admin list as a plain array with every category and event, drafts included', async () => {
    const live = await createCategory();
    const draft = await createCategory({ title: 'Brouillon', published: false });
    await createEvent(live.id, { published: false });
    await createEvent(draft.id);
    const res = await ctx.app.inject({ method: 'GET', url: CATEGORIES, headers: auth });
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(Array.isArray(body)).toBe(true);
    expect(body.map((c: Category) => [c.id, c.published, c.events.length])).toEqual([[live.id, true, 1], [draft.id, false, 1]]);
  });

  it('reorders as the admin UI does: one PUT per category with its new position', async () => {
    const [a, b, c] = [await createCategory({ title: 'A' }), await createCategory({ title: 'B' }), await createCategory({ title: 'C' })];
    for (const [position, category] of [c, a, b].entries()) {
      const res = await ctx.app.inject({
        method: 'PUT',
        url: `${CATEGORIES}/${category.id}`,
        headers: auth,
        payload: { title: category.title, description: category.description, position: position + 1 },
      });
      expect(res.statusCode).toBe(200);
    }
    expect((await adminCategories()).map((cat) => [cat.title, cat.position])).toEqual([['C', 1], ['A', 2], ['B', 3]]);
    expect((await publicCategories()).map((cat) => cat.title)).toEqual(['C', 'A', 'B']);
  });

  it('edits a category, keeping its position and state when the body leaves them out', async () => {
    const category = await createCategory();
    await createEvent(category.id);
    const res = await ctx.app.inject({ method: 'PUT', url: `${CATEGORIES}/${category.id}`, headers: auth, payload: { title: 'Nouveau titre', description: '' } });
    expect(res.json().data).toMatchObject({ id: category.id, title: 'Nouveau titre', description: null, position: 1, published: true });
    expect(res.json().data.events).toHaveLength(1);
  });

  it('publishes and unpublishes a category with {published}', async () => {
    const category = await createCategory();
    const off = await ctx.app.inject({ method: 'PUT', url: `${CATEGORIES}/${category.id}/publish`, headers: auth, payload: { published: false } });
    expect(off.json().data.published).toBe(false);
    expect(await publicCategories()).toEqual([]);
    const on = await ctx.app.inject({ method: 'PUT', url: `${CATEGORIES}/${category.id}/publish`, headers: auth, payload: { published: true } });
    expect(on.json().data.published).toBe(true);
    expect((await publicCategories()).map((c) => c.id)).toEqual([category.id]);
    const missing = await ctx.app.inject({ method: 'PUT', url: `${CATEGORIES}/${category.id}/publish`, headers: auth, payload: {} });
    expect(missing.statusCode).toBe(400);
  });

  it('deletes a category with its events and renumbers the others from 1', async () => {
    const [a, b, c] = [await createCategory(), await createCategory(), await createCategory()];
    const event = await createEvent(b.id);
    const res = await ctx.app.inject({ method: 'DELETE', url: `${CATEGORIES}/${b.id}`, headers: auth });
    expect(res.statusCode).toBe(204);
    expect((await adminCategories()).map((cat) => [cat.id, cat.position])).toEqual([[a.id, 1], [c.id, 2]]);
    expect(await ctx.db.selectFrom('originEvents').select('id').where('id', '=', event.id).executeTakeFirst()).toBeUndefined();
  });

  it('requires a category title', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: CATEGORIES, headers: auth, payload: { title: ' ', description: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toContainEqual({ path: 'title', message: texts.validation.required });
    expect((await ctx.app.inject({ method: 'POST', url: CATEGORIES, headers: auth, payload: { title: 'T', position: 0 } })).statusCode).toBe(400);
    expect(await adminCategories()).toEqual([]);
  });
});

describe('origins events', () => {
  it('runs create, edit, publish and delete as the admin UI does', async () => {
    const category = await createCategory();
    const other = await createCategory({ title: 'Autre' });
    const event = await createEvent(category.id);
    expect(event).toMatchObject({ title: 'Première lecture', date: '2012-10-05', categoryId: category.id, published: true });

    const edited = await ctx.app.inject({ method: 'PUT', url: `${EVENTS}/${event.id}`, headers: auth, payload: { title: 'Déménagement', date: '2013', description: 'Nouvelle salle', categoryId: other.id } });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ id: event.id, title: 'Déménagement', date: '2013', categoryId: other.id, published: true });

    const off = await ctx.app.inject({ method: 'PUT', url: `${EVENTS}/${event.id}/publish`, headers: auth, payload: { published: false } });
    expect(off.json().data.published).toBe(false);
    const on = await ctx.app.inject({ method: 'PUT', url: `${EVENTS}/${event.id}/publish`, headers: auth, payload: { published: true } });
    expect(on.json().data.published).toBe(true);

    expect((await ctx.app.inject({ method: 'DELETE', url: `${EVENTS}/${event.id}`, headers: auth })).statusCode).toBe(204);
    expect((await adminCategories()).flatMap((c) => c.events)).toEqual([]);
  });

  it('never shows draft categories or draft events to visitors, and orders events by date', async () => {
    const live = await createCategory({ title: 'Publiée' });
    const hidden = await createCategory({ title: 'Cachée', published: false });
    await createEvent(hidden.id, { title: 'Dans une catégorie cachée' });
    const later = await createEvent(live.id, { title: 'Plus tard', date: '2015' });
    const draft = await createEvent(live.id, { title: 'Brouillon', date: '2014', published: false });
    const month = await createEvent(live.id, { title: 'Un mois', date: '2012-11' });
    const day = await createEvent(live.id, { title: 'Un jour', date: '2012-2-3' });
    const year = await createEvent(live.id, { title: 'Une année', date: '2012' });

    const categories = await publicCategories();
    expect(categories.map((c) => c.title)).toEqual(['Publiée']);
    expect(categories[0]!.events.map((e) => [e.id, e.date])).toEqual([[year.id, '2012'], [day.id, '2012-02-03'], [month.id, '2012-11'], [later.id, '2015']]);
    expect(categories[0]!.events.every((e) => e.published)).toBe(true);
    expect(categories[0]!.events.map((e) => e.id)).not.toContain(draft.id);
  });

  it.each([
    ['', "L'année est requise"],
    ['   ', "L'année est requise"],
    [null, "L'année est requise"],
    ['999', "L'année doit être un nombre valide entre 1000 et 3000"],
    ['3001', "L'année doit être un nombre valide entre 1000 et 3000"],
    ['deux mille', "L'année doit être un nombre valide entre 1000 et 3000"],
    ['2020-13', 'Le mois doit être un nombre entre 1 et 12'],
    ['2020-00', 'Le mois doit être un nombre entre 1 et 12'],
    ['2020-01-32', 'Le jour doit être un nombre entre 1 et 31'],
    ['2020-01-00', 'Le jour doit être un nombre entre 1 et 31'],
    ['2021-02-29', "Cette date n'existe pas"],
    ['2020-04-31', "Cette date n'existe pas"],
  ])('refuses the date %j with %s', async (date, message) => {
    const category = await createCategory();
    const payload = { title: 'T', description: 'D', categoryId: category.id, date };
    const created = await ctx.app.inject({ method: 'POST', url: EVENTS, headers: auth, payload });
    expect(created.statusCode).toBe(400);
    expect(created.json().error).toBe(message);
    const event = await createEvent(category.id);
    const updated = await ctx.app.inject({ method: 'PUT', url: `${EVENTS}/${event.id}`, headers: auth, payload });
    expect(updated.json().error).toBe(message);
    expect((await adminCategories())[0]!.events).toEqual([event]);
  });

  it('accepts a leap day and the three date forms', async () => {
    const category = await createCategory();
    for (const date of ['2020-02-29', '1000', '3000-12']) expect((await createEvent(category.id, { date })).date).toBe(date);
  });

  it("answers 400 'Catégorie introuvable' for an unknown category and requires title and description", async () => {
    const category = await createCategory();
    const unknown = await ctx.app.inject({ method: 'POST', url: EVENTS, headers: auth, payload: { title: 'T', date: '2020', description: 'D', categoryId: 424242 } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe('Catégorie introuvable');
    const event = await createEvent(category.id);
    const moved = await ctx.app.inject({ method: 'PUT', url: `${EVENTS}/${event.id}`, headers: auth, payload: { title: 'T', date: '2020', description: 'D', categoryId: 424242 } });
    expect(moved.statusCode).toBe(400);
    const incomplete = await ctx.app.inject({ method: 'POST', url: EVENTS, headers: auth, payload: { title: '', date: '2020', description: '', categoryId: category.id } });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().issues.map((i: { path: string }) => i.path)).toEqual(expect.arrayContaining(['title', 'description']));
    const noCategory = await ctx.app.inject({ method: 'POST', url: EVENTS, headers: auth, payload: { title: 'T', date: '2020', description: 'D' } });
    expect(noCategory.statusCode).toBe(400);
    expect((await adminCategories())[0]!.events).toEqual([event]);
  });
});

describe('origins access and errors', () => {
  it('asks for a token on every admin route', async () => {
    const category = await createCategory();
    const event = await createEvent(category.id);
    for (const call of [
      { method: 'GET', url: CATEGORIES },
      { method: 'POST', url: CATEGORIES, payload: { title: 'T' } },
      { method: 'PUT', url: `${CATEGORIES}/${category.id}`, payload: { title: 'T' } },
      { method: 'PUT', url: `${CATEGORIES}/${category.id}/publish`, payload: { published: false } },
      { method: 'DELETE', url: `${CATEGORIES}/${category.id}` },
      { method: 'POST', url: EVENTS, payload: { title: 'T', date: '2020', description: 'D', categoryId: category.id } },
      { method: 'PUT', url: `${EVENTS}/${event.id}`, payload: { title: 'T', date: '2020', description: 'D', categoryId: category.id } },
      { method: 'PUT', url: `${EVENTS}/${event.id}/publish`, payload: { published: false } },
      { method: 'DELETE', url: `${EVENTS}/${event.id}` },
    ] as const) {
      const res = await ctx.app.inject(call);
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(401);
      expect(res.headers['cache-control']).toBe('no-store');
    }
    expect(await adminCategories()).toEqual([{ ...category, events: [event] }]);
  });

  it('answers 404 for unknown ids and 400 for ids that are not numbers', async () => {
    const event = { title: 'T', date: '2020', description: 'D', categoryId: 1 };
    await expectUnknownIds(ctx.app, auth, 'Catégorie introuvable', [
      { method: 'PUT', url: `${CATEGORIES}/424242`, payload: { title: 'T' } },
      { method: 'PUT', url: `${CATEGORIES}/424242/publish`, payload: { published: true } },
      { method: 'DELETE', url: `${CATEGORIES}/424242` },
    ]);
    await expectUnknownIds(ctx.app, auth, 'Événement introuvable', [
      { method: 'PUT', url: `${EVENTS}/424242`, payload: event },
      { method: 'PUT', url: `${EVENTS}/424242/publish`, payload: { published: true } },
      { method: 'DELETE', url: `${EVENTS}/424242` },
    ]);
    await expectInvalidIds(ctx.app, auth, 'DELETE', [`${CATEGORIES}/abc`, `${EVENTS}/1e3x`, `${EVENTS}/-4`]);
  });

  it('refuses hostile bodies with a 4xx and changes nothing', async () => {
    const category = await createCategory();
    const event = await createEvent(category.id);
    const before = await adminCategories();
    const calls = [
      ['POST', CATEGORIES],
      ['PUT', `${CATEGORIES}/${category.id}`],
      ['PUT', `${CATEGORIES}/${category.id}/publish`],
      ['POST', EVENTS],
      ['PUT', `${EVENTS}/${event.id}`],
      ['PUT', `${EVENTS}/${event.id}/publish`],
    ] as const;
    const bodies = [
      { payload: '{"title"', headers: { 'content-type': 'application/json' } },
      { payload: '[]', headers: { 'content-type': 'application/json' } },
      { payload: 'title=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
      { payload: { title: 'a\u0000', description: 'D', date: '2020', categoryId: category.id, published: 'oui' } },
      { payload: { title: { $gt: '' }, description: 'D', date: 2020, categoryId: String(category.id) } },
      { payload: { title: 'T', description: 'D', date: '2020', categoryId: 99_999_999_999, position: 2 ** 40, published: null } },
      { payload: { title: 'T'.repeat(300), description: 'D', date: '2020-01-01-01', categoryId: category.id, position: -1 } },
    ];
    for (const [method, url] of calls) {
      for (const body of bodies) {
        const res = await ctx.app.inject({ method, url, payload: body.payload, headers: { ...auth, ...body.headers } });
        expect(res.statusCode, `${method} ${url} ${JSON.stringify(body.payload).slice(0, 50)}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
      }
    }
    expect(await adminCategories()).toEqual(before);
  });
});
