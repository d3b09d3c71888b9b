import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAdminToken } from '../../test/admin-token.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { hashToken } from '../../lib/token-hash.ts';
import type { MailMessage } from '../../plugins/mailer.ts';
import { recordBounce } from '../bounces/bounces.service.ts';
import { createCampaignSender } from './campaign-sender.ts';

/**
 * Issue 34: per letter, counted without any tracking: sent, failed, bounced after the send (a relay's
 * report naming the copy), and unsubscribes within 7 days of the send (by the link, a relay), but not
 * a later one nor an erasure by the staff.
 */
const silent = { info() {}, warn() {}, error() {}, debug() {}, trace() {}, fatal() {}, child: () => silent, level: 'silent', silent() {} } as never;
const DAY_MS = 24 * 60 * 60 * 1000;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

it('counts a letter’s sent, failed, bounced and 7-day unsubscribes, and names nobody', async () => {
  const now = ctx.clock.now().toISOString();
  const people = ['reste', 'refus', 'rebond', 'part-2j', 'part-relais', 'part-9j', 'efface'].map((name) => `${name}@example.org`);
  const ids = new Map<string, number>();
  for (const email of people) {
    const row = await ctx.db.insertInto('newsletterSubscriptions').values({ email, createdAt: now, confirmedAt: now, confirmTokenHash: null, unsubscribeTokenHash: hashToken(`u-${email}`) }).returning('id').executeTakeFirstOrThrow();
    ids.set(email, row.id);
  }
  const campaign = (await ctx.db.insertInto('campaigns').values({ subject: 'Lettre de mars', body: 'x', html: '<p>x</p>', text: 'x', includeUpcoming: 0, status: 'sending', createdAt: now, updatedAt: now }).returning('id').executeTakeFirstOrThrow()).id;
  await ctx.db
    .insertInto('campaignRecipients')
    .values(people.map((email, i) => ({ campaignId: campaign, subscriberId: ids.get(email)!, email, status: 'pending' as const, nextAttemptAt: now, unsubscribeToken: `t${i}`, unsubscribeTokenHash: hashToken(`t${i}`) })))
    .execute();
  const sent: MailMessage[] = [];
  const transport = {
    async send(message: MailMessage) {
      if (message.to === 'refus@example.org') throw Object.assign(new Error('550 5.1.1 User unknown'), { responseCode: 550 });
      sent.push(message);
    },
  };
  await createCampaignSender({ db: ctx.db, dialect: ctx.dialect, clock: ctx.clock, transport, log: silent, siteUrl: ctx.config.siteUrl, ratePerMinute: 0 }).runOnce();
  const linkOf = (email: string) => /desinscription\?token=([\w-]+)/.exec(sent.find((m) => m.to === email)!.headers!['List-Unsubscribe']!)![1];
  const unsubscribe = (email: string) => ctx.app.inject({ method: 'POST', url: '/api/newsletter/unsubscribe', payload: { token: linkOf(email) } });

  const later = (days: number) => ctx.clock.set(new Date(Date.parse(now) + days * DAY_MS));
  later(1);
  expect(await recordBounce(ctx.db, { source: 'brevo', email: 'rebond@example.org', kind: 'hard', messageKey: 'm1', messageId: `<campagne-${campaign}-${ids.get('rebond@example.org')}@x>` }, ctx.clock.now())).toBe('bounced');
  later(2);
  expect((await unsubscribe('part-2j@example.org')).statusCode).toBe(200);
  expect(await recordBounce(ctx.db, { source: 'mailjet', email: 'part-relais@example.org', kind: 'unsubscribe', messageKey: 'm2' }, ctx.clock.now())).toBe('erased');
  expect((await ctx.app.inject({ method: 'DELETE', url: `/api/newsletter/subscribers/${ids.get('efface@example.org')}`, headers: { authorization: `Bearer ${await createAdminToken(ctx)}` } })).statusCode).toBe(204);
  later(9);
  expect((await unsubscribe('part-9j@example.org')).statusCode).toBe(200);

  const list = await ctx.app.inject({ method: 'GET', url: '/api/campaigns', headers: { authorization: `Bearer ${await createAdminToken(ctx)}` } });
  expect(list.statusCode).toBe(200);
  const letter = list.json().data.find((c: { id: number }) => c.id === campaign);
  expect(letter.stats).toEqual({ recipients: 7, sent: 6, failed: 1, pending: 0, bounced: 1, unsubscribed: 2 });
  // Counts only: the left readers' rows keep no address.
  const rows = await ctx.db.selectFrom('campaignRecipients').select(['email', 'unsubscribedAt']).where('unsubscribedAt', 'is not', null).execute();
  expect(rows).toHaveLength(3);
  expect(rows.every((r) => r.email === null)).toBe(true);
});
