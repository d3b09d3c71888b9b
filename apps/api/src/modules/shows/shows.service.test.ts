import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { showInputSchema, type ShowInput } from '@bande/shared';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { firstFreeSlug, showsService, slugify } from './shows.service.ts';

describe('slugify', () => {
  it.each([
    ['Madame Bovary', 'madame-bovary'],
    ['Pépite : Cœur d’été !', 'pepite-coeur-d-ete'],
    ['  Ça ira, ça ira…  ', 'ca-ira-ca-ira'],
    ['ÉLÉGIE pour Ægée', 'elegie-pour-aegee'],
    ['L\'Œuvre au noir (2025)', 'l-oeuvre-au-noir-2025'],
    ['Brigade de mots n°3', 'brigade-de-mots-n-3'],
    ['!!!', 'spectacle'],
    ['漢字', 'spectacle'],
  ])('%s -> %s', (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });

  it('keeps slugs short and never ends them with a dash', () => {
    const slug = slugify(`${'a'.repeat(79)} b`);
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug.endsWith('-')).toBe(false);
  });
});

describe('firstFreeSlug', () => {
  it('takes the base, else the first free numbered suffix from 2', () => {
    expect(firstFreeSlug('horla', new Set())).toBe('horla');
    expect(firstFreeSlug('horla', new Set(['horla']))).toBe('horla-2');
    expect(firstFreeSlug('horla', new Set(['horla', 'horla-2', 'horla-4']))).toBe('horla-3');
  });
});

describe('slugs stored by the service', () => {
  let ctx: TestContext;
  let service: ReturnType<typeof showsService>;
  beforeAll(async () => {
    ctx = await createTestApp();
    service = showsService(ctx);
  });
  afterAll(() => ctx.close());

  const input = (fields: Partial<ShowInput> = {}) =>
    showInputSchema.parse({ name: 'Le Horla', type: 'Pépite', year: '2024', pitch: 'Un pitch', note: 'Une note', ...fields });

  it('gives each show a unique slug: -2, -3 for the same name', async () => {
    const slugs = [];
    for (let i = 0; i < 3; i++) slugs.push((await service.create(input())).slug);
    expect(slugs).toEqual(['le-horla', 'le-horla-2', 'le-horla-3']);
  });

  it('keeps the slug when the name changes, unless regenerateSlug is asked', async () => {
    const show = await service.create(input({ name: 'Bel-Ami' }));
    const renamed = await service.update(show.id, input({ name: 'Bel-Ami, le retour' }));
    expect(renamed.slug).toBe('bel-ami');
    const regenerated = await service.update(show.id, input({ name: 'Bel-Ami, le retour', regenerateSlug: true }));
    expect(regenerated.slug).toBe('bel-ami-le-retour');
  });

  it('does not count a show against itself, but avoids the slugs of others when regenerating', async () => {
    const show = await service.create(input({ name: 'Nana' }));
    expect((await service.update(show.id, input({ name: 'Nana', regenerateSlug: true }))).slug).toBe('nana');
    const other = await service.create(input({ name: 'Germinal' }));
    expect((await service.update(other.id, input({ name: 'Nana', regenerateSlug: true }))).slug).toBe('nana-2');
  });

  it('gives distinct slugs to shows of the same name saved at the same time', async () => {
    const shows = await Promise.all(Array.from({ length: 4 }, () => service.create(input({ name: 'Simultané' }))));
    expect(new Set(shows.map((show) => show.slug)).size).toBe(4);
  });
});
