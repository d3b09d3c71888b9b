import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { hashToken } from '../../lib/token-hash.ts';
import type { MailMessage } from '../../plugins/mailer.ts';
import { createCampaignSender } from '../campaigns/campaign-sender.ts';
import { bouncesByCampaign } from './bounces.service.ts';

/** Mailjet's documented bounce event (fixtures/README.md), its CustomID and address set to the copy's. */
const sample = JSON.parse(fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'mailjet-bounce-hard.json'), 'utf8')) as Record<string, unknown>;
const SECRET = 'un-secret-de-relais-assez-long-0123456789';
const silent = { info() {}, warn() {}, error() {}, debug() {}, trace() {}, fatal() {}, child: () => silent, level: 'silent', silent() {} } as never;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ BOUNCE_WEBHOOK_SECRET: SECRET });
});
afterAll(() => ctx.close());

it('each copy carries X-MJ-CustomID, and Mailjet’s bounce event naming it counts for its letter', async () => {
  const now = ctx.clock.now().toISOString();
  const subscriber = async (email: string) =>
    (await ctx.db.insertInto('newsletterSubscriptions').values({ email, createdAt: now, confirmedAt: now, confirmTokenHash: null, unsubscribeTokenHash: hashToken(email) }).returning('id').executeTakeFirstOrThrow()).id;
  const ids = [await subscriber('bounce@mailjet.com'), await subscriber('lit@example.org')];
  const campaign = (await ctx.db.insertInto('campaigns').values({ subject: 'Lettre de mars', body: 'x', html: '<p>x</p>', text: 'x', includeUpcoming: 0, status: 'sending', createdAt: now, updatedAt: now }).returning('id').executeTakeFirstOrThrow()).id;
  await ctx.db
    .insertInto('campaignRecipients')
    .values(ids.map((subscriberId, i) => ({ campaignId: campaign, subscriberId, email: ['bounce@mailjet.com', 'lit@example.org'][i]!, status: 'pending' as const, nextAttemptAt: now, unsubscribeToken: `t${i}`, unsubscribeTokenHash: hashToken(`t${i}`) })))
    .execute();
  const sent: MailMessage[] = [];
  const sender = createCampaignSender({ db: ctx.db, dialect: ctx.dialect, clock: ctx.clock, transport: { send: async (m) => void sent.push(m) }, log: silent, siteUrl: ctx.config.siteUrl, ratePerMinute: 0 });
  expect(await sender.runOnce()).toBe(2);
  const copy = sent.find((m) => m.to === 'bounce@mailjet.com')!;
  expect(copy.headers?.['X-MJ-CustomID']).toBe(`campagne-${campaign}-${ids[0]}`);

  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/bounces/mailjet',
    headers: { authorization: `Basic ${Buffer.from(`mailjet:${SECRET}`).toString('base64')}` },
    payload: { ...sample, CustomID: copy.headers?.['X-MJ-CustomID'] },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(await bouncesByCampaign(ctx.db, [campaign])).toEqual(new Map([[campaign, 1]]));
  const row = await ctx.db.selectFrom('bounceEvents').select(['campaignId', 'subscriberId']).executeTakeFirstOrThrow();
  expect(row).toEqual({ campaignId: campaign, subscriberId: ids[0] });
});
