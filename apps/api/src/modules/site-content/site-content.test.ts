import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SITE_CONTENT, siteContentTexts, texts, type SiteContent } from '@bande/shared';
import { DEFAULT_PAGE_TEXTS, PAGE_TEXT_GROUPS, PAGE_TEXT_KEYS, PAGE_TEXTS_MAX, type PageTexts } from '@bande/shared/page-texts';
import type { TestContext } from '../../test/test-app.ts';
import { createAdminTestApp } from '../../test/admin-token.ts';
import { senderNamed } from '../../plugins/mailer.ts';

let ctx: TestContext;
let auth: { authorization: string };
beforeAll(async () => {
  ({ ctx, auth } = await createAdminTestApp());
});
afterAll(() => ctx.close());

const read = () => ctx.app.inject({ method: 'GET', url: '/api/site-content' });
const put = (payload: unknown, headers: Record<string, string> = auth) =>
  ctx.app.inject({ method: 'PUT', url: '/api/site-content', headers, payload: payload as object });
const changed = (over: Partial<SiteContent> = {}): SiteContent => ({
  ...DEFAULT_SITE_CONTENT,
  associationName: 'Les Voix du Cher',
  contact: { ...DEFAULT_SITE_CONTENT.contact, phone: '02 47 00 11 22' },
  ...over,
});

describe('site content', () => {
  it('answers the texts the pages showed before, publicly and cacheable, while nothing is saved (no row written)', async () => {
    const res = await read();
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(res.json()).toEqual({ data: DEFAULT_SITE_CONTENT });
    expect(await ctx.db.selectFrom('siteContent').selectAll().execute()).toEqual([]);
  });

  it('refuses a save without a token (401) and changes nothing', async () => {
    const res = await put(changed(), {});
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: texts.api.unauthorized });
    expect((await read()).json()).toEqual({ data: DEFAULT_SITE_CONTENT });
  });

  it('refuses bad values with a 400 in French on the field, and changes nothing', async () => {
    const before = (await read()).json();
    const base = changed();
    const cases: [unknown, string, string][] = [
      [{ ...base, associationName: '  ' }, 'associationName', texts.validation.required],
      [{ ...base, associationName: 'x'.repeat(61) }, 'associationName', siteContentTexts.tooLong(60)],
      [{ ...base, contact: { ...base.contact, email: 'pas-un-email' } }, 'contact.email', texts.validation.emailInvalid],
      [{ ...base, contact: { ...base.contact, phone: '12345' } }, 'contact.phone', siteContentTexts.phoneInvalid],
      [{ ...base, contact: { ...base.contact, phone: '+44 20 7946 0958' } }, 'contact.phone', siteContentTexts.phoneInvalid],
      [{ ...base, contact: { ...base.contact, responseDays: 0 } }, 'contact.responseDays', siteContentTexts.responseDays],
      [{ ...base, contact: { ...base.contact, address: 'a\nb\nc\nd\ne' } }, 'contact.address', siteContentTexts.addressLines],
      [{ ...base, social: [{ label: 'Instagram', url: 'http://instagram.com/bande' }] }, 'social.0.url', siteContentTexts.httpsInvalid],
      [{ ...base, social: [{ label: 'Instagram', url: 'javascript:alert(1)' }] }, 'social.0.url', siteContentTexts.httpsInvalid],
      [{ ...base, formats: [] }, 'formats', siteContentTexts.formatsCount],
      [{ ...base, formats: [{ ...base.formats[0], description: 'd'.repeat(321) }] }, 'formats.0.description', siteContentTexts.tooLong(320)],
      [{ ...base, horsCadre: [{ ...base.horsCadre[0], title: '' }] }, 'horsCadre.0.title', texts.validation.required],
      [{ ...base, homeLead: 'a\u0000b' }, 'homeLead', texts.api.invalidBody],
      [{ ...base, accessibility: { ...base.accessibility, status: 'presque' } }, 'accessibility.status', siteContentTexts.statusInvalid],
      [{ ...base, accessibility: { ...base.accessibility, rate: 101 } }, 'accessibility.rate', siteContentTexts.rateInvalid],
      [{ ...base, accessibility: { ...base.accessibility, auditDate: '2026-02-30' } }, 'accessibility.auditDate', siteContentTexts.dateInvalid],
    ];
    for (const [payload, path, message] of cases) {
      const res = await put(payload);
      expect(res.statusCode, path).toBe(400);
      expect(res.json().issues, path).toContainEqual({ path, message });
    }
    expect((await read()).json()).toEqual(before);
    expect(await ctx.db.selectFrom('siteContent').selectAll().execute()).toEqual([]);
  });

  it('saves trimmed texts; the next public read shows them (the public cache is dropped); logged in the journal', async () => {
    await read();
    const res = await put({ ...changed(), associationName: '  Les Voix du Cher ', social: [{ label: 'Instagram', url: 'https://instagram.com/voixducher' }] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const saved = { ...changed(), social: [{ label: 'Instagram', url: 'https://instagram.com/voixducher' }] };
    expect(res.json()).toEqual({ data: saved });
    expect((await read()).json()).toEqual({ data: saved });
    await ctx.app.auditLogSettled();
    const logged = await ctx.db.selectFrom('auditLog').select(['action', 'entity']).where('entity', '=', 'site-content').execute();
    expect(logged).toEqual([{ action: 'update', entity: 'site-content' }]);
  });

  it('keeps a history: the texts before the first save, then each save; a restore gives the previous texts back', async () => {
    const list = async () =>
      (await ctx.app.inject({ method: 'GET', url: '/api/revisions?entity=site-content&entityId=1', headers: auth })).json().data as { id: number; action: string }[];
    expect((await list()).map((r) => r.action)).toEqual(['update', 'create']);
    expect((await put(changed({ homeLead: 'Un autre accueil.' }))).statusCode).toBe(200);
    const revisions = await list();
    expect(revisions.map((r) => r.action)).toEqual(['update', 'update', 'create']);

    // Back to the defaults (the first revision), then to the previous save.
    const first = revisions.at(-1)!;
    const restored = await ctx.app.inject({ method: 'POST', url: `/api/revisions/${first.id}/restore`, headers: auth });
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await read()).json()).toEqual({ data: DEFAULT_SITE_CONTENT });
    const previous = revisions[1]!;
    expect((await ctx.app.inject({ method: 'POST', url: `/api/revisions/${previous.id}/restore`, headers: auth })).statusCode).toBe(200);
    expect((await read()).json().data.associationName).toBe('Les Voix du Cher');
    expect((await read()).json().data.homeLead).toBe(DEFAULT_SITE_CONTENT.homeLead);
    expect((await list())[0]!.action).toBe('restore');
  });

  it('keeps the pages’ own words (newsletter window, footer call, formats heading); a client that sends none keeps their first words (issue 35)', async () => {
    const pageTexts = { ...DEFAULT_SITE_CONTENT.pageTexts, footerNewsTitle: 'La prochaine lecture arrive', formatsEyebrow: 'Nos manières de lire' };
    expect((await put(changed({ pageTexts }))).statusCode).toBe(200);
    expect((await read()).json().data.pageTexts).toEqual(pageTexts);
    const tooLong = await put(changed({ pageTexts: { ...pageTexts, footerNewsTitle: 'x'.repeat(81) } }));
    expect(tooLong.statusCode).toBe(400);
    expect((await read()).json().data.pageTexts).toEqual(pageTexts);
    const { pageTexts: _none, ...older } = changed();
    expect((await put(older)).statusCode).toBe(200);
    expect((await read()).json().data.pageTexts).toEqual(DEFAULT_SITE_CONTENT.pageTexts);
    // A row saved before these texts existed reads them as their first words.
    await ctx.db.updateTable('siteContent').set({ content: JSON.stringify(older) }).execute();
    expect((await read()).json().data.pageTexts).toEqual(DEFAULT_SITE_CONTENT.pageTexts);
  });

  it('keeps every page text: its first words by default, each saved, each refused empty or beyond its bound in French, a restored version from before it existed keeps its first words (issue 35)', async () => {
    expect(Object.keys(DEFAULT_SITE_CONTENT.pageTexts).sort()).toEqual([...PAGE_TEXT_KEYS].sort());
    // Every text of the form's groups exists, once.
    expect(Object.values(PAGE_TEXT_GROUPS).flat().sort()).toEqual([...PAGE_TEXT_KEYS].sort());
    await put(changed());
    const before = (await read()).json();
    for (const key of PAGE_TEXT_KEYS) {
      const max = PAGE_TEXTS_MAX[key];
      const path = `pageTexts.${key}`;
      const empty = await put(changed({ pageTexts: { ...DEFAULT_PAGE_TEXTS, [key]: '   ' } }));
      expect(empty.statusCode, path).toBe(400);
      expect(empty.json().issues, path).toContainEqual({ path, message: texts.validation.required });
      const long = await put(changed({ pageTexts: { ...DEFAULT_PAGE_TEXTS, [key]: 'x'.repeat(max + 1) } }));
      expect(long.statusCode, path).toBe(400);
      expect(long.json().issues, path).toContainEqual({ path, message: siteContentTexts.tooLong(max) });
    }
    expect((await read()).json()).toEqual(before);

    // Each at its bound is saved, trimmed, and read back by the next public read.
    const full = Object.fromEntries(PAGE_TEXT_KEYS.map((key) => [key, `${key} `.padEnd(PAGE_TEXTS_MAX[key], 'é')])) as PageTexts;
    const saved = await put(changed({ pageTexts: Object.fromEntries(Object.entries(full).map(([key, value]) => [key, `  ${value}  `])) as PageTexts }));
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await read()).json().data.pageTexts).toEqual(full);

    // A client that knows only some texts sends those: the others keep their first words.
    const { teamLead: _teamLead, notFoundText: _notFound, ...partial } = full;
    expect((await put(changed({ pageTexts: partial as PageTexts }))).statusCode).toBe(200);
    expect((await read()).json().data.pageTexts).toEqual({ ...full, teamLead: DEFAULT_PAGE_TEXTS.teamLead, notFoundText: DEFAULT_PAGE_TEXTS.notFoundText });

    // A version written before most texts existed (only the first six), restored: the rest take their first words.
    const older = { ...changed(), pageTexts: { footerNewsTitle: 'Ancien appel', footerNewsText: 'x', newsletterTitle: 'y', newsletterIntro: 'z', formatsEyebrow: 'e', formatsLead: 'l' } };
    await ctx.db.updateTable('siteContent').set({ content: JSON.stringify(older) }).execute();
    await ctx.app.publicCache.bump(); // the row was written behind the API's back
    expect((await read()).json().data.pageTexts).toEqual({ ...DEFAULT_PAGE_TEXTS, ...older.pageTexts });
    expect((await put(changed({ pageTexts: full }))).statusCode).toBe(200);
    const version = await ctx.db
      .insertInto('revisions')
      .values({ at: new Date().toISOString(), userEmail: null, entity: 'site-content', entityId: 1, action: 'update', snapshot: JSON.stringify(older) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const restored = await ctx.app.inject({ method: 'POST', url: `/api/revisions/${version.id}/restore`, headers: auth });
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await read()).json().data.pageTexts).toEqual({ ...DEFAULT_PAGE_TEXTS, ...older.pageTexts });
  });

  it('signs the mails with the saved name, and names the default sender after it', async () => {
    const sent = await ctx.app.inject({ method: 'POST', url: '/api/contact/send', payload: { email: 'lectrice@example.org', requestType: 'Autre', message: 'Bonjour, une question.' } });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(ctx.mailer.last()?.text).toMatch(/\n—\nLes Voix du Cher\nAssociation de lectures théâtrales$/);
    expect(senderNamed('La Bande à Lire <no-reply@labande.fr>', 'Les Voix du Cher')).toBe('"Les Voix du Cher" <no-reply@labande.fr>');
    // A MAIL_FROM the operator chose is kept as written.
    expect(senderNamed('Accueil <accueil@voix.fr>', 'Les Voix du Cher')).toBe('Accueil <accueil@voix.fr>');
  });
});
