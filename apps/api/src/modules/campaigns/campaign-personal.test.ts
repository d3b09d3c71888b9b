import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAdminTestApp, type AdminTestApp } from '../../test/admin-token.ts';
import { ownUpload } from './campaign-mail.ts';

/**
 * Personal placeholders stay personal (issue 33): every copy of a letter differs only by the
 * subscriber's unsubscribe link, put where %%UNSUBSCRIBE_URL%% is. A letter that spells it (even
 * through an HTML entity or a percent-escape), or links another site to the unsubscribe page, would
 * hand each subscriber's link to that site: it is refused in French when saved, previewed or sent.
 * Image paths are normalised: one that leaves /uploads/ once resolved is refused.
 */
const SITE = 'https://bande.example.org';
let app: AdminTestApp;
beforeAll(async () => {
  app = await createAdminTestApp({ SITE_URL: SITE });
});
afterAll(async () => app.ctx.close());
beforeEach(async () => {
  await app.ctx.db.deleteFrom('campaigns').execute();
});

const inject = (method: 'POST' | 'PUT', url: string, payload: object) => app.ctx.app.inject({ method, url, headers: app.auth, payload });
const save = (body: string) => inject('POST', '/api/campaigns', { subject: 'Lettre', body, includeUpcoming: false });

describe('a letter never carries a subscriber’s own link elsewhere', () => {
  const placeholder = /«\s%%UNSUBSCRIBE_URL%%\s» ne peut pas figurer/u;
  it.each([
    ['written out in a link', '[Le programme](https://pisteur.example.com/?u=%%UNSUBSCRIBE_URL%%)'],
    ['through HTML entities', '[Le programme](https://pisteur.example.com/?u=&#37;&#37;UNSUBSCRIBE_URL&#37;&#37;)'],
    ['percent-escaped in a bare address', 'Voir https://pisteur.example.com/?u=%25%25UNSUBSCRIBE_URL%25%25 demain'],
    ['in the text itself', 'Bonjour &#37;%UNSUBSCRIBE_URL%&#37;'],
  ])('refuses the placeholder %s (French 400, nothing saved)', async (_case, body) => {
    const res = await save(body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toMatch(placeholder);
    expect(await app.ctx.db.selectFrom('campaigns').select('id').execute()).toEqual([]);
    const preview = await inject('POST', '/api/campaigns/preview', { subject: 'Lettre', body, includeUpcoming: false });
    expect(preview.statusCode, preview.body).toBe(400);
  });

  it('refuses a link to another site that carries the unsubscribe page; the site’s own link stays', async () => {
    const res = await save(`[Se désinscrire](https://pisteur.example.com/r?to=${encodeURIComponent(`${SITE}/newsletter/desinscription`)})`);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toMatch(/lien vers un autre site ne peut pas porter l’adresse de désinscription/);
    expect((await save(`[La newsletter](${SITE}/newsletter/desinscription) et [le programme](/shows)`)).statusCode).toBe(201);
  });

  it('refuses to send a letter saved before the rule with the placeholder in it, and to preview or test it', async () => {
    const now = app.ctx.clock.now().toISOString();
    const { id } = await app.ctx.db
      .insertInto('campaigns')
      .values({ subject: 'Ancienne', body: '[x](https://pisteur.example.com/?u=%%UNSUBSCRIBE_URL%%)', includeUpcoming: 0, status: 'draft', createdAt: now, updatedAt: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const send = await inject('POST', `/api/campaigns/${id}/send`, {});
    expect(send.statusCode, send.body).toBe(400);
    expect(send.json().error).toMatch(placeholder);
    expect((await app.ctx.db.selectFrom('campaigns').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe('draft');
    const test = await inject('POST', `/api/campaigns/${id}/test`, { email: 'moi@example.org' });
    expect(test.statusCode, test.body).toBe(400);
  });
});

describe('image paths in letters are normalised', () => {
  it.each(['/uploads/../../api/users', '/uploads/%2e%2e/api/users', '/uploads/..%2f..%2fapi', `${SITE}/uploads/../admin`, '//pisteur.example.com/uploads/a.jpg', '/uploads\\..\\api'])(
    'refuses « %s »',
    async (src) => {
      const res = await save(`![affiche](${src})`);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toMatch(/images doivent venir des fichiers du site/);
    },
  );

  it('keeps the site’s uploads, absolute and with their dot segments resolved', async () => {
    expect((await save('![affiche](/uploads/2026/affiche.jpg)')).statusCode).toBe(201);
    expect(ownUpload('/uploads/a/../b.jpg', SITE)).toBe(`${SITE}/uploads/b.jpg`);
    expect(ownUpload('/uploads/../../api/users', SITE)).toBeNull();
    const preview = await inject('POST', '/api/campaigns/preview', { subject: 'Lettre', body: '![affiche](/uploads/a/../b.jpg)', includeUpcoming: false });
    expect(preview.json().html).toContain(`src="${SITE}/uploads/b.jpg"`);
  });
});
