import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAdminTestApp, createAdminToken, type AdminTestApp } from '../../test/admin-token.ts';

/**
 * « Annoncer ce spectacle » (issue 34): a new letter's subject and text prepared from a published show,
 * with its photo at the top, its pitch, only its performances still to come with their booking links,
 * and its page; nothing is saved until the secretary saves, tests or sends it.
 */
const SITE = 'https://bande.example.org';
let app: AdminTestApp;
beforeAll(async () => {
  app = await createAdminTestApp({ SITE_URL: SITE });
});
afterAll(async () => app.ctx.close());
beforeEach(async () => {
  await app.ctx.db.deleteFrom('campaigns').execute();
  await app.ctx.db.deleteFrom('performances').execute();
  await app.ctx.db.deleteFrom('shows').execute();
});

async function show(values: { name: string; photo: string | null; published?: boolean; slug?: string }) {
  const now = app.ctx.clock.now().toISOString();
  const { id } = await app.ctx.db
    .insertInto('shows')
    .values({ slug: values.slug ?? 'les-bonnes', name: values.name, type: 'Lecture', pitch: 'Deux sœurs, une Madame, et le jeu qui déraille !', note: '', year: '2026', photo: values.photo, isFeatured: 0, published: values.published === false ? 0 : 1, createdAt: now, updatedAt: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

const announce = (id: number, auth = app.auth) => app.ctx.app.inject({ method: 'GET', url: `/api/campaigns/announce/${id}`, headers: auth });

describe('« Annoncer ce spectacle »', () => {
  it('prepares the subject and text: photo first, pitch, performances to come soonest first with their booking links, the show’s page', async () => {
    // The test clock stands at 2026-03-03T19:30Z (20 h 30 in Paris).
    const id = await show({ name: 'Les [Bonnes]', photo: '/uploads/bonnes.jpg' });
    await app.ctx.db
      .insertInto('performances')
      .values([
        { showId: id, date: '2026-03-20T20:30:00+01:00', address: '3 rue Haute, Nantes', venueName: 'La Salle', bookingLink: 'https://billetterie.example.org/b' },
        { showId: id, date: '2026-03-01T20:30:00+01:00', address: 'Passée', venueName: null, bookingLink: 'https://billetterie.example.org/passee' },
        { showId: id, date: '2026-03-10T16:00:00+01:00', address: 'Rue Basse', venueName: null, bookingLink: null },
      ])
      .execute();
    const res = await announce(id);
    expect(res.statusCode, res.body).toBe(200);
    const { subject, body } = res.json<{ data: { subject: string; body: string } }>().data;
    expect(subject).toBe('À l’affiche\u00a0: «\u00a0Les [Bonnes]\u00a0»');
    expect(body).toBe(
      [
        '![Les \\[Bonnes\\]](/uploads/bonnes.jpg)',
        'Deux sœurs, une Madame, et le jeu qui déraille\u00a0!',
        '## Prochaines représentations',
        [
          // Without a booking link of its own, a seat is booked from the show's page on the site.
          `- **mardi 10 mars 2026 - 16h00** — Rue Basse\u00a0: [Réserver](<${SITE}/show/les-bonnes>)`,
          '- **vendredi 20 mars 2026 - 20h30** — La Salle, 3 rue Haute, Nantes\u00a0: [Réserver](<https://billetterie.example.org/b>)',
        ].join('\n'),
        `[Voir le spectacle](<${SITE}/show/les-bonnes>)`,
      ].join('\n\n'),
    );
    expect(body).not.toContain('passee');
    // Nothing saved; the text as prepared is accepted as a letter (its image is the site's).
    expect(await app.ctx.db.selectFrom('campaigns').select('id').execute()).toEqual([]);
    const saved = await app.ctx.app.inject({ method: 'POST', url: '/api/campaigns', headers: app.auth, payload: { subject, body, includeUpcoming: false } });
    expect(saved.statusCode, saved.body).toBe(201);
    const preview = await app.ctx.app.inject({ method: 'POST', url: '/api/campaigns/preview', headers: app.auth, payload: { subject, body, includeUpcoming: false } });
    expect(preview.json<{ html: string }>().html).toMatch(new RegExp(`<img src="${SITE}/uploads/bonnes.jpg" alt="Les \\[Bonnes\\]"`));
  });

  it('a show without photo (or whose photo is not one of the site’s uploads) and without performances to come: text, page, no image', async () => {
    for (const photo of [null, 'https://ailleurs.example.com/x.jpg', '/uploads/../../api/x']) {
      await app.ctx.db.deleteFrom('shows').execute();
      const res = await announce(await show({ name: 'Sans photo', photo }));
      expect(res.statusCode, res.body).toBe(200);
      const { body } = res.json<{ data: { body: string } }>().data;
      expect(body).toBe(`Deux sœurs, une Madame, et le jeu qui déraille\u00a0!\n\n[Voir le spectacle](<${SITE}/show/les-bonnes>)`);
    }
  });

  it('an unpublished or unknown show: French 404; an editor: French 403', async () => {
    const hidden = await show({ name: 'Caché', photo: null, published: false });
    for (const id of [hidden, hidden + 100]) {
      const res = await announce(id);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toMatch(/^Spectacle introuvable ou non publié/);
    }
    const visible = await show({ name: 'Visible', photo: null, slug: 'visible' });
    const editor = { authorization: `Bearer ${await createAdminToken(app.ctx, 'editor')}` };
    const refused = await announce(visible, editor);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatch(/[a-zé]/);
  });
});
