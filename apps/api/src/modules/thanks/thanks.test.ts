import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { thanksTexts } from '@bande/shared';
import { createAdminTestApp, createAdminToken, type AdminTestApp } from '../../test/admin-token.ts';
import { hashToken } from '../../lib/token-hash.ts';
import { createRecordingMailer } from '../../plugins/mailer.ts';
import { createCampaignSender } from '../campaigns/campaign-sender.ts';
import { runReservationWork } from '../reservations/reservation-job.ts';
import { showWithCapacity } from '../reservations/test-helpers.ts';

/**
 * « Remercier les spectateurs » (issue 32): who receives the thank-you (the people checked in at the
 * door with an address, a party arrived in part included; never the others), once per performance,
 * only after it started, by the campaign sender without tracking nor unsubscribe header; editors refused.
 */
let app: AdminTestApp;
const silent = { info() {}, warn() {}, error() {}, debug() {}, trace() {}, fatal() {}, child: () => silent, level: 'silent', silent() {} } as never;

beforeAll(async () => {
  app = await createAdminTestApp({ SITE_URL: 'https://bande.example.org' });
});
afterAll(async () => app.ctx.close());

/** The staff's session, made again at each move of the clock (a session lasts a day from its making). */
let staff: Record<string, string>;
const inject = (method: 'GET' | 'POST', url: string, payload?: unknown, auth = staff) => app.ctx.app.inject({ method, url, headers: auth, ...(payload === undefined ? {} : { payload: payload as object }) });

/** A reservation as the door left it. */
async function reservation(performanceId: number, fields: { email: string | null; seats?: number; status?: 'confirmed' | 'cancelled' | 'pending'; checkedInSeats?: number | null; source?: 'public' | 'door'; erased?: boolean }) {
  const now = app.ctx.clock.now().toISOString();
  const arrived = fields.checkedInSeats !== undefined && fields.checkedInSeats !== null;
  const row = await app.ctx.db
    .insertInto('reservations')
    .values({
      performanceId,
      firstName: fields.erased ? '' : 'Camille',
      lastName: fields.erased ? '' : 'Martin',
      email: fields.email,
      phone: null,
      seats: fields.seats ?? 2,
      status: fields.status ?? 'confirmed',
      tokenHash: hashToken(crypto.randomBytes(16).toString('hex')),
      secondTokenHash: null,
      holdExpiresAt: null,
      offerExpiresAt: null,
      reminderSentAt: null,
      checkedInAt: arrived ? now : null,
      checkedInSeats: arrived ? fields.checkedInSeats! : null,
      erasedAt: fields.erased ? now : null,
      source: fields.source ?? 'public',
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

function sender() {
  const transport = createRecordingMailer();
  const { ctx } = app;
  return { transport, sender: createCampaignSender({ db: ctx.db, dialect: ctx.dialect, clock: ctx.clock, transport, log: silent, siteUrl: ctx.config.siteUrl, ratePerMinute: 0 }) };
}

/** A performance on 10 April 2026 at 20:30 (Paris), with the people of every case at its door. */
async function evening() {
  app.ctx.clock.set(new Date('2026-03-03T19:30:00.000Z'));
  staff = app.auth;
  const { performanceId } = await showWithCapacity(app.ctx, app.auth, 40);
  await reservation(performanceId, { email: 'venue@example.org', checkedInSeats: 2 });
  await reservation(performanceId, { email: 'partie@example.org', seats: 4, checkedInSeats: 3 });
  await reservation(performanceId, { email: 'absente@example.org' });
  await reservation(performanceId, { email: 'annulee@example.org', status: 'cancelled', checkedInSeats: 2 });
  await reservation(performanceId, { email: null, source: 'door', checkedInSeats: 3 });
  await reservation(performanceId, { email: null, erased: true, checkedInSeats: 2 });
  return performanceId;
}

async function afterTheShow() {
  app.ctx.clock.set(new Date('2026-04-10T22:00:00.000Z'));
  staff = { authorization: `Bearer ${await createAdminToken(app.ctx)}` };
}
const letter = { subject: 'Merci d’être venus', body: 'Merci pour **votre écoute**, voir [le programme](/shows).' };

describe('« Remercier les spectateurs »', () => {
  it('before the performance: a French 409, nothing written', async () => {
    const id = await evening();
    const state = await inject('GET', `/api/performances/${id}/thanks`);
    expect(state.json().data).toMatchObject({ started: false, recipients: 2, sent: null });
    const res = await inject('POST', `/api/performances/${id}/thanks`, letter);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(thanksTexts.notStarted);
    expect(await app.ctx.db.selectFrom('campaigns').select('id').where('performanceId', '=', id).execute()).toHaveLength(0);
  });

  it('writes to the people who came (a party arrived in part too), never to the others; once, without tracking nor unsubscribe header', async () => {
    const id = await evening();
    await afterTheShow();
    const before = (await inject('GET', `/api/performances/${id}/thanks`)).json().data;
    expect(before).toMatchObject({ started: true, recipients: 2, sent: null });
    expect(before.defaults.subject).toContain('Lecture');
    expect(before.defaults.body).toContain('vendredi 10 avril 2026');

    const res = await inject('POST', `/api/performances/${id}/thanks`, letter);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.sent).toMatchObject({ at: '2026-04-10T22:00:00.000Z', recipients: 2, pending: 2 });

    const { transport, sender: s } = sender();
    expect(await s.runOnce()).toBe(2);
    expect(transport.sent.map((m) => m.to).sort()).toEqual(['partie@example.org', 'venue@example.org']);
    for (const mail of transport.sent) {
      expect(mail.subject).toBe(letter.subject);
      expect(Object.keys(mail.headers ?? {})).toEqual(['Message-ID']); // no List-Unsubscribe
      expect(mail.html).toContain('<strong>votre écoute</strong>');
      expect(mail.html).toContain('href="https://bande.example.org/shows"'); // the link as written, not rewritten
      expect(mail.html).not.toMatch(/<img/);
      expect(mail.text).not.toContain('désinscri');
    }
    // Exactly once: another round, another server, sends nothing more.
    expect(await sender().sender.runOnce()).toBe(0);
    const after = (await inject('GET', `/api/performances/${id}/thanks`)).json().data;
    expect(after.sent).toMatchObject({ recipients: 2, delivered: 2, pending: 0 });

    // A second request: the French 409, nothing more written.
    const again = await inject('POST', `/api/performances/${id}/thanks`, letter);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(thanksTexts.alreadySent);
    expect(await app.ctx.db.selectFrom('campaigns').select('id').where('performanceId', '=', id).execute()).toHaveLength(1);
  });

  it('is not listed among the letters nor in the public archive', async () => {
    const id = await evening();
    await afterTheShow();
    await inject('POST', `/api/performances/${id}/thanks`, letter);
    await sender().sender.runOnce();
    const campaign = await app.ctx.db.selectFrom('campaigns').select('id').where('performanceId', '=', id).executeTakeFirstOrThrow();
    expect((await inject('GET', '/api/campaigns')).json().data.map((c: { id: number }) => c.id)).not.toContain(campaign.id);
    expect((await inject('GET', `/api/campaigns/${campaign.id}`)).statusCode).toBe(404);
    expect((await app.ctx.app.inject({ method: 'GET', url: '/api/lettres' })).json().data).toEqual([]);
  });

  it('an address erased by the retention rule after the thank-you was written is never written to', async () => {
    const id = await evening();
    await afterTheShow();
    await inject('POST', `/api/performances/${id}/thanks`, letter);
    // The retention rule runs before the sender (RESERVATION_RETENTION_DAYS after the performance).
    app.ctx.clock.set(new Date('2027-06-01T00:00:00.000Z'));
    await runReservationWork({ ...app.ctx, config: app.ctx.config, mailer: app.ctx.mailer });
    const { transport, sender: s } = sender();
    await s.runOnce();
    expect(transport.sent).toEqual([]);
    const rows = await app.ctx.db.selectFrom('campaignRecipients').innerJoin('campaigns', 'campaigns.id', 'campaignRecipients.campaignId').select('email').where('campaigns.performanceId', '=', id).execute();
    expect(rows.every((r) => r.email === null)).toBe(true);
  });

  it('nobody checked in with an address: a French 409, and the thank-you can still be written later', async () => {
    app.ctx.clock.set(new Date('2026-03-03T19:30:00.000Z'));
    staff = app.auth;
  const { performanceId } = await showWithCapacity(app.ctx, app.auth, 10);
    await reservation(performanceId, { email: null, source: 'door', checkedInSeats: 2 });
    await afterTheShow();
    const res = await inject('POST', `/api/performances/${performanceId}/thanks`, letter);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(thanksTexts.nobody);
    await reservation(performanceId, { email: 'tard@example.org', checkedInSeats: 1, seats: 1 });
    expect((await inject('POST', `/api/performances/${performanceId}/thanks`, letter)).statusCode).toBe(201);
  });

  it('refuses an editor (403), a subject on two lines and an empty body (French 400), an unknown performance (404)', async () => {
    const id = await evening();
    await afterTheShow();
    const editor = { authorization: `Bearer ${await createAdminToken(app.ctx, 'editor')}` };
    expect((await inject('GET', `/api/performances/${id}/thanks`, undefined, editor)).statusCode).toBe(403);
    const refused = await inject('POST', `/api/performances/${id}/thanks`, letter, editor);
    expect(refused.statusCode).toBe(403);
    const secretary = { authorization: `Bearer ${await createAdminToken(app.ctx, 'secretary')}` };
    expect((await inject('GET', `/api/performances/${id}/thanks`, undefined, secretary)).statusCode).toBe(200);
    const twoLines = await inject('POST', `/api/performances/${id}/thanks`, { ...letter, subject: 'Merci\r\nBcc: x@example.org' }, secretary);
    expect(twoLines.statusCode).toBe(400);
    expect(twoLines.body).toContain('L’objet tient sur une ligne.');
    expect((await inject('POST', `/api/performances/${id}/thanks`, { ...letter, body: '  ' }, secretary)).statusCode).toBe(400);
    expect((await inject('POST', '/api/performances/999999/thanks', letter, secretary)).json().error).toBe(thanksTexts.notFound);
    expect(await app.ctx.db.selectFrom('campaigns').select('id').where('performanceId', '=', id).execute()).toHaveLength(0);
    expect((await inject('POST', `/api/performances/${id}/thanks`, letter, secretary)).statusCode).toBe(201);
  });
});

describe('thank-you texts', () => {
  it('counts spectators in the singular and the plural, with French typography', () => {
    expect(thanksTexts.confirm(1)).toBe('Envoyer le remerciement à 1 spectateur\u00a0?');
    expect(thanksTexts.confirm(12)).toBe('Envoyer le remerciement à 12 spectateurs\u00a0?');
    expect(thanksTexts.done('vendredi 10 avril 2026 à 22 h 00', 1)).toBe('Remerciement envoyé à 1 spectateur le vendredi 10 avril 2026 à 22 h 00');
    expect(thanksTexts.defaultSubject('Les Misérables')).toBe('Merci d’être venus à «\u00a0Les Misérables\u00a0»');
    expect(thanksTexts.defaultBody('Les Misérables', '2026-04-10T20:30:00+02:00')).toContain('«\u00a0Les Misérables\u00a0» le vendredi 10 avril 2026.');
  });
});
