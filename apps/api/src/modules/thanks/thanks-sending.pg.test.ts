import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { thanksTexts } from '@bande/shared';
import { createDatabase, type DB } from '../../db/connection.ts';
import { HttpError } from '../../lib/http-error.ts';
import { hashToken } from '../../lib/token-hash.ts';
import { createAdminTestApp, type AdminTestApp } from '../../test/admin-token.ts';
import type { Mailer } from '../../plugins/mailer.ts';
import { CAMPAIGN_CLAIM_MS, createCampaignSender } from '../campaigns/campaign-sender.ts';
import { showWithCapacity } from '../reservations/test-helpers.ts';
import { sendThanks } from './thanks.service.ts';

/**
 * The thank-you on PostgreSQL with two "servers" (two connection pools on one schema, as two processes
 * behind a load balancer): two requests at once write one thank-you (the other gets the French 409);
 * two senders racing send each address exactly once, a dead server's claimed rows included once its
 * lease ran out; and the newsletter's rate holds for both together. A `.pg.test.ts`: TEST_DATABASE_URL.
 */
const PEOPLE = 30;
let app: AdminTestApp;
let other: DB;
const silent = { info() {}, warn() {}, error() {}, debug() {}, trace() {}, fatal() {}, child: () => silent, level: 'silent', silent() {} } as never;

beforeAll(async () => {
  app = await createAdminTestApp({ SITE_URL: 'https://bande.example.org' });
  const schema = (await sql<{ schema: string }>`select current_schema() as schema`.execute(app.ctx.db)).rows[0]!.schema;
  other = createDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, pgSchema: schema }).db;
}, 60_000);
afterAll(async () => {
  await other?.destroy();
  await app?.ctx.close();
});

/** A transport that records, answering after a few milliseconds (copies of two servers interleave). */
function slowTransport(received: string[]): Mailer {
  return {
    async send(message) {
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20));
      received.push(String(message.to));
    },
  };
}

async function evening(): Promise<number> {
  app.ctx.clock.set(new Date('2026-03-03T19:30:00.000Z'));
  const { performanceId } = await showWithCapacity(app.ctx, app.auth, 100);
  const now = app.ctx.clock.now().toISOString();
  await app.ctx.db
    .insertInto('reservations')
    .values(
      Array.from({ length: PEOPLE + 2 }, (_, i) => ({
        performanceId,
        firstName: 'Camille',
        lastName: `Martin ${i}`,
        email: `spectateur${i}-${performanceId}@example.org`,
        phone: null,
        seats: 2,
        status: 'confirmed' as const,
        tokenHash: hashToken(crypto.randomBytes(16).toString('hex')),
        secondTokenHash: null,
        holdExpiresAt: null,
        offerExpiresAt: null,
        reminderSentAt: null,
        // The last two did not come.
        checkedInAt: i < PEOPLE ? now : null,
        checkedInSeats: i < PEOPLE ? 1 + (i % 2) : null,
        erasedAt: null,
        source: 'public' as const,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .execute();
  app.ctx.clock.set(new Date('2026-04-10T22:00:00.000Z'));
  return performanceId;
}

const letter = { subject: 'Merci', body: 'Merci d’être venus.' };
const senderOn = (db: DB, received: string[], ratePerMinute = 0) =>
  createCampaignSender({ db, dialect: 'postgres', clock: app.ctx.clock, transport: slowTransport(received), log: silent, siteUrl: app.ctx.config.siteUrl, ratePerMinute });

it('two requests at once on two servers: one thank-you written, the other a French 409', async () => {
  const id = await evening();
  const now = app.ctx.clock.now();
  const answers = await Promise.allSettled([sendThanks(app.ctx.db, app.ctx.config.siteUrl, id, letter, now), sendThanks(other, app.ctx.config.siteUrl, id, letter, now), sendThanks(other, app.ctx.config.siteUrl, id, letter, now)]);
  expect(answers.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
  const refused = answers.filter((a): a is PromiseRejectedResult => a.status === 'rejected').map((a) => a.reason as HttpError);
  expect(refused.map((e) => [e instanceof HttpError, e.statusCode, e.message])).toEqual([
    [true, 409, thanksTexts.alreadySent],
    [true, 409, thanksTexts.alreadySent],
  ]);
  const rows = await app.ctx.db.selectFrom('campaignRecipients').innerJoin('campaigns', 'campaigns.id', 'campaignRecipients.campaignId').select('campaignRecipients.id').where('campaigns.performanceId', '=', id).execute();
  expect(rows).toHaveLength(PEOPLE);
}, 60_000);

it('two senders racing, one of them dead with rows claimed: every person who came gets exactly one copy', async () => {
  const id = await evening();
  await sendThanks(app.ctx.db, app.ctx.config.siteUrl, id, letter, app.ctx.clock.now());
  // A server killed in the middle: it had claimed five rows (lease running) and never answered.
  const campaign = await app.ctx.db.selectFrom('campaigns').select('id').where('performanceId', '=', id).executeTakeFirstOrThrow();
  const dead = await app.ctx.db.selectFrom('campaignRecipients').select('id').where('campaignId', '=', campaign.id).orderBy('id').limit(5).execute();
  await app.ctx.db
    .updateTable('campaignRecipients')
    .set({ claimedUntil: new Date(app.ctx.clock.now().getTime() + CAMPAIGN_CLAIM_MS).toISOString(), attempts: 1 })
    .where('id', 'in', dead.map((r) => r.id))
    .execute();

  const all: string[] = [];
  // The thank-you of the test before goes out too: only this performance's copies are counted.
  const ours = () => all.filter((to) => to.endsWith(`-${id}@example.org`));
  await Promise.all([senderOn(app.ctx.db, all).runOnce(), senderOn(other, all).runOnce(), senderOn(other, all).runOnce()]);
  expect(ours()).toHaveLength(PEOPLE - 5);
  // The dead server's leases run out: the two live ones take its rows up, once.
  app.ctx.clock.advance(CAMPAIGN_CLAIM_MS + 1);
  await Promise.all([senderOn(app.ctx.db, all).runOnce(), senderOn(other, all).runOnce()]);
  await Promise.all([senderOn(app.ctx.db, all).runOnce(), senderOn(other, all).runOnce()]);
  expect(ours()).toHaveLength(PEOPLE);
  expect(new Set(ours()).size).toBe(PEOPLE);
  expect(ours().some((to) => to.startsWith(`spectateur${PEOPLE}-`))).toBe(false);
  expect(all).toHaveLength(new Set(all).size);
  const status = await app.ctx.db.selectFrom('campaigns').select('status').where('id', '=', campaign.id).executeTakeFirstOrThrow();
  expect(status.status).toBe('sent');
}, 60_000);

it('the newsletter’s rate holds for two servers sending a thank-you together', async () => {
  const id = await evening();
  app.ctx.clock.advance(10 * 60_000); // away from the copies of the tests before
  await sendThanks(app.ctx.db, app.ctx.config.siteUrl, id, letter, app.ctx.clock.now());
  const received: string[] = [];
  await Promise.all([senderOn(app.ctx.db, received, 7).runOnce(), senderOn(other, received, 7).runOnce()]);
  expect(received).toHaveLength(7);
}, 60_000);
