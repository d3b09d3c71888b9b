import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { IMPORT_MAX_LINES, newsletterTexts, subscriberImportTexts as T } from '@bande/shared';
import { createAdminToken } from '../../test/admin-token.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { hashToken } from '../../lib/token-hash.ts';
import { createQueuedMailer } from '../../plugins/mail-queue.ts';
import { recordBounce } from '../bounces/bounces.service.ts';
import { addPending, classify, readCsv } from './staff-add.ts';

let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());
beforeEach(async () => {
  for (const table of ['newsletterSubscriptions', 'newsletterSuppressions', 'mailQueue', 'bounceEvents', 'rateLimitBuckets'] as const) await ctx.db.deleteFrom(table).execute();
  ctx.mailer.sent.length = 0;
  token = await createAdminToken(ctx);
});

const asStaff = (url: string, payload: object, bearer = token) => ctx.app.inject({ method: 'POST', url, payload, headers: { authorization: `Bearer ${bearer}` } });
const list = async () => (await ctx.app.inject({ method: 'GET', url: '/api/newsletter/subscribers', headers: { authorization: `Bearer ${token}` } })).json().data as { email: string; status: string }[];
const confirmLink = (to: string) => {
  const mail = ctx.mailer.sent.find((m) => m.to === to && m.subject === newsletterTexts.confirmMailSubject);
  return /newsletter\/confirmation\?token=([\w-]+)/.exec(mail?.text ?? '')?.[1];
};
const unsubscribeLink = (to: string) => /newsletter\/desinscription\?token=([\w-]+)/.exec(ctx.mailer.sent.find((m) => m.to === to)?.text ?? '')?.[1];

async function seed(email: string, state: 'confirmed' | 'pending' | 'bounced') {
  const now = ctx.clock.now().toISOString();
  await ctx.db
    .insertInto('newsletterSubscriptions')
    .values({ email, createdAt: now, confirmedAt: state === 'pending' ? null : now, bouncedAt: state === 'bounced' ? now : null, confirmTokenHash: hashToken(`c-${email}`), unsubscribeTokenHash: hashToken(`u-${email}`) })
    .execute();
}

describe('an address added by hand', () => {
  it('is stored pending, mailed the confirmation, and counts only after its owner’s click', async () => {
    const res = await asStaff('/api/newsletter/subscribers', { email: '  Nouvelle@Example.org ' });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(T.added('nouvelle@example.org'));
    expect(await list()).toEqual([expect.objectContaining({ email: 'nouvelle@example.org', status: 'pending' })]);
    const link = confirmLink('nouvelle@example.org');
    expect(link).toBeDefined();
    expect((await ctx.app.inject({ method: 'POST', url: '/api/newsletter/confirm', payload: { token: link } })).statusCode).toBe(200);
    expect(await list()).toEqual([expect.objectContaining({ email: 'nouvelle@example.org', status: 'confirmed' })]);
  });

  it('refuses, in French and changing nothing: an invalid address, one on the list, one refused, one that left', async () => {
    const bad = await asStaff('/api/newsletter/subscribers', { email: 'pas-une-adresse' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/adresse email/i);
    await seed('abonnee@example.org', 'confirmed');
    await seed('attente@example.org', 'pending');
    await seed('refusee@example.org', 'bounced');
    for (const [email, text] of [
      ['abonnee@example.org', T.byHand.confirmed],
      ['attente@example.org', T.byHand.pending],
      ['refusee@example.org', T.byHand.bounced],
    ] as const) {
      const res = await asStaff('/api/newsletter/subscribers', { email });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe(text);
    }
    expect(ctx.mailer.sent).toHaveLength(0);
  });

  it('an editor may not add anyone (403), a secretary may', async () => {
    expect((await asStaff('/api/newsletter/subscribers', { email: 'a@example.org' }, await createAdminToken(ctx, 'editor'))).statusCode).toBe(403);
    expect((await asStaff('/api/newsletter/subscribers', { email: 'a@example.org' }, await createAdminToken(ctx, 'secretary'))).statusCode).toBe(201);
    expect(await list()).toHaveLength(1);
  });
});

describe('addresses that left are never put back by the staff (RGPD)', () => {
  const ways = {
    'unsubscribe link': async (email: string) => {
      expect((await ctx.app.inject({ method: 'POST', url: '/api/newsletter/unsubscribe', payload: { token: unsubscribeLink(email) } })).statusCode).toBe(200);
    },
    'erasure by staff': async (email: string) => {
      const [row] = await ctx.db.selectFrom('newsletterSubscriptions').select('id').where('email', '=', email).execute();
      expect((await ctx.app.inject({ method: 'DELETE', url: `/api/newsletter/subscribers/${row!.id}`, headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(204);
    },
    'the relay’s unsubscribe': async (email: string) => {
      expect(await recordBounce(ctx.db, { source: 'mailjet', email, kind: 'unsubscribe', messageKey: 'u-1' }, ctx.clock.now())).toBe('erased');
    },
  };
  it.each(Object.entries(ways))('%s: refused by hand and in a file; the person’s own sign-up still works', async (_name, leave) => {
    const email = 'partie@example.org';
    await asStaff('/api/newsletter/subscribers', { email });
    await ctx.app.inject({ method: 'POST', url: '/api/newsletter/confirm', payload: { token: confirmLink(email) } });
    await leave(email);
    expect(await list()).toEqual([]);
    // Nothing of the address in clear: only its hash in the opposition list.
    const suppressions = await ctx.db.selectFrom('newsletterSuppressions').selectAll().execute();
    expect(JSON.stringify(suppressions)).not.toContain('partie');

    ctx.mailer.sent.length = 0;
    const byHand = await asStaff('/api/newsletter/subscribers', { email: 'Partie@example.org' });
    expect(byHand.statusCode).toBe(409);
    expect(byHand.json().error).toBe(T.byHand.left);
    const file = await asStaff('/api/newsletter/subscribers/import', { csv: `email\n${email}\n` });
    expect(file.json().lines).toEqual([{ line: 2, email, outcome: 'left', message: T.line(2, T.outcome.left) }]);
    expect(await list()).toEqual([]);
    expect(ctx.mailer.sent).toHaveLength(0);

    // Her own sign-up from the site, confirmed by her, lifts it.
    await ctx.app.inject({ method: 'POST', url: '/api/newsletter/subscribe', payload: { email } });
    await ctx.app.inject({ method: 'POST', url: '/api/newsletter/confirm', payload: { token: confirmLink(email) } });
    expect(await list()).toEqual([expect.objectContaining({ email, status: 'confirmed' })]);
    expect(await ctx.db.selectFrom('newsletterSuppressions').selectAll().execute()).toEqual([]);
  });
});

describe('a CSV file', () => {
  const csv = [
    '\uFEFFNom;Adresse email',
    'Léa;lea@example.org',
    'Marc;MARC@example.org',
    'Zoé;zoe(at)example.org',
    ';;',
    'Léa bis;LEA@example.org',
    'Abonnée;abonnee@example.org',
    'Attente;attente@example.org',
    'Refusée;refusee@example.org',
    'Sans adresse;',
  ].join('\r\n');

  it('is previewed line by line in French, nothing written', async () => {
    await seed('abonnee@example.org', 'confirmed');
    await seed('attente@example.org', 'pending');
    await seed('refusee@example.org', 'bounced');
    const res = await asStaff('/api/newsletter/subscribers/import/preview', { csv });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.lines.map((l: { message: string }) => l.message)).toEqual([
      'Ligne 2 : à ajouter, un mail de confirmation sera envoyé',
      'Ligne 3 : à ajouter, un mail de confirmation sera envoyé',
      'Ligne 4 : adresse invalide',
      'Ligne 6 : doublon de la ligne 2',
      'Ligne 7 : déjà abonnée',
      'Ligne 8 : déjà inscrite, en attente de confirmation',
      'Ligne 9 : adresse refusée par son serveur : non ajoutée',
      'Ligne 10 : adresse invalide',
    ].map((line) => line.replace(/ :/g, '\u00a0:')));
    expect(body).toMatchObject({ accepted: 2, refused: 6, message: T.summary(2, 6) });
    expect(await list()).toHaveLength(3);
    expect(ctx.mailer.sent).toHaveLength(0);
  });

  it('is imported: the good lines pending, each mailed its confirmation, none counted as confirmed', async () => {
    await seed('abonnee@example.org', 'confirmed');
    const res = await asStaff('/api/newsletter/subscribers/import', { csv });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ accepted: 4, message: T.imported(4) });
    const rows = await list();
    expect(rows.filter((r) => r.status === 'pending').map((r) => r.email).sort()).toEqual(['attente@example.org', 'lea@example.org', 'marc@example.org', 'refusee@example.org']);
    expect(rows.filter((r) => r.status === 'confirmed').map((r) => r.email)).toEqual(['abonnee@example.org']);
    expect(ctx.mailer.sent.map((m) => m.to).sort()).toEqual(['attente@example.org', 'lea@example.org', 'marc@example.org', 'refusee@example.org']);
    expect(ctx.mailer.sent.every((m) => m.subject === newsletterTexts.confirmMailSubject)).toBe(true);
    // Imported twice: nothing more added or mailed.
    ctx.mailer.sent.length = 0;
    expect((await asStaff('/api/newsletter/subscribers/import', { csv })).json().accepted).toBe(0);
    expect(ctx.mailer.sent).toHaveLength(0);
  });

  it('without a header, separated by commas: the cell with an « @ » is read', async () => {
    expect(await readCsv('Léa,lea@example.org\nmarc@example.org\n')).toEqual([
      { line: 1, email: 'lea@example.org' },
      { line: 2, email: 'marc@example.org' },
    ]);
  });

  it('refuses a file too long, too heavy, empty or unreadable, in French (400), adding nothing', async () => {
    const long = Array.from({ length: IMPORT_MAX_LINES + 1 }, (_, i) => `a${i}@example.org`).join('\n');
    const cases: [string, string][] = [
      [long, T.tooManyLines],
      ['x'.repeat(256 * 1024 + 1), T.tooLarge],
      ['email\n\n', T.empty],
      ['"lea@example.org\n', T.unreadable(1)],
    ];
    for (const [file, message] of cases) {
      const res = await asStaff('/api/newsletter/subscribers/import', { csv: file });
      expect(res.statusCode, message).toBe(400);
      expect(res.json().error).toBe(message);
    }
    expect(await list()).toEqual([]);
  });

  it('its confirmations go through the mail queue, in the transaction, not sent in the request', async () => {
    const queued = createQueuedMailer(ctx.db, ctx.clock);
    const lines = await classify(ctx.db, await readCsv('a@example.org\nb@example.org\n'));
    await addPending({ db: ctx.db, mailer: queued, siteUrl: 'https://bande.example.org' }, lines, ctx.clock.now().toISOString());
    const rows = await ctx.db.selectFrom('mailQueue').select(['recipient', 'subject', 'sentAt']).orderBy('id').execute();
    expect(rows).toEqual([
      { recipient: 'a@example.org', subject: newsletterTexts.confirmMailSubject, sentAt: null },
      { recipient: 'b@example.org', subject: newsletterTexts.confirmMailSubject, sentAt: null },
    ]);
  });
});
