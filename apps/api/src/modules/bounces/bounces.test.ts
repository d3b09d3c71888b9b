import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAdminToken } from '../../test/admin-token.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { hashToken } from '../../lib/token-hash.ts';
import { bouncesByCampaign, SOFT_BOUNCE_LIMIT } from './bounces.service.ts';

/** The relays' documented samples (fixtures/README.md says where each comes from). */
const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const fixture = (name: string) => JSON.parse(fs.readFileSync(path.join(FIXTURES, name), 'utf8')) as Record<string, unknown>;

const SECRET = 'un-secret-de-relais-assez-long-0123456789';
const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
const GOOD = { authorization: basic('brevo', SECRET) };
const DAY_MS = 24 * 60 * 60 * 1000;

let ctx: TestContext;
let adminAuth: { authorization: string };
beforeAll(async () => {
  ctx = await createTestApp({ BOUNCE_WEBHOOK_SECRET: SECRET });
  adminAuth = { authorization: `Bearer ${await createAdminToken(ctx)}` };
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await ctx.db.deleteFrom('bounceEvents').execute();
  await ctx.db.deleteFrom('campaignRecipients').execute();
  await ctx.db.deleteFrom('campaigns').execute();
  await ctx.db.deleteFrom('newsletterSubscriptions').execute();
});

async function subscriber(email: string) {
  const now = ctx.clock.now().toISOString();
  return (
    await ctx.db
      .insertInto('newsletterSubscriptions')
      .values({ email, createdAt: now, confirmedAt: now, confirmTokenHash: hashToken(`c${email}`), unsubscribeTokenHash: hashToken(`u${email}`) })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}
const stateOf = async (email: string) => ctx.db.selectFrom('newsletterSubscriptions').select(['bouncedAt', 'confirmedAt']).where('email', '=', email).executeTakeFirst();
const post = (provider: string, payload: unknown, headers: Record<string, string> = GOOD, query = '') =>
  ctx.app.inject({ method: 'POST', url: `/api/bounces/${provider}${query}`, headers, payload: payload as object });
const snapshot = async () => JSON.stringify([await ctx.db.selectFrom('newsletterSubscriptions').selectAll().orderBy('id').execute(), await ctx.db.selectFrom('bounceEvents').selectAll().execute()]);

describe('Brevo (transactional webhook)', () => {
  it('a documented hard_bounce marks the address bounced, shown as such in « Abonnés »', async () => {
    await subscriber('example@domain.com');
    const res = await post('brevo', fixture('brevo-hard-bounce.json'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: '1 événement traité.' });
    expect((await stateOf('example@domain.com'))?.bouncedAt).toBe(ctx.clock.now().toISOString());
    const list = await ctx.app.inject({ method: 'GET', url: '/api/newsletter/subscribers', headers: adminAuth });
    expect(list.json().data).toEqual([expect.objectContaining({ email: 'example@domain.com', bouncedAt: expect.any(String) })]);
    // No address in clear in the bounce table, even inside the relay's diagnostic.
    expect(JSON.stringify(await ctx.db.selectFrom('bounceEvents').selectAll().execute())).not.toContain('example@domain.com');
  });

  it(`soft_bounce: counted, the address leaves at the ${SOFT_BOUNCE_LIMIT}rd for different messages within 30 days; a retried event counts once`, async () => {
    await subscriber('example@domain.com');
    // The sample's ts_event is of 2020, long out of the window: the relay would send today's.
    const soft = { ...fixture('brevo-soft-bounce.json'), ts_event: Math.floor(ctx.clock.now().getTime() / 1000) };
    const send = (messageId: string) => post('brevo', { ...soft, 'message-id': messageId });
    expect((await send('<a@relay>')).statusCode).toBe(200);
    // The relay retried the same event: no second count.
    expect((await send('<a@relay>')).statusCode).toBe(200);
    expect((await send('<b@relay>')).statusCode).toBe(200);
    expect((await stateOf('example@domain.com'))?.bouncedAt).toBeNull();
    expect((await send('<c@relay>')).statusCode).toBe(200);
    expect((await stateOf('example@domain.com'))?.bouncedAt).not.toBeNull();
    // Confirmed again (a new sign-up clears bounced_at): the count has started over.
    await ctx.db.updateTable('newsletterSubscriptions').set({ bouncedAt: null }).execute();
    expect((await send('<d@relay>')).statusCode).toBe(200);
    expect((await stateOf('example@domain.com'))?.bouncedAt).toBeNull();
  });

  it('soft bounces older than the window no longer count', async () => {
    await subscriber('example@domain.com');
    const soft = fixture('brevo-soft-bounce.json');
    const at = (days: number) => Math.floor((ctx.clock.now().getTime() - days * DAY_MS) / 1000);
    for (const [id, daysAgo] of [['m1', 40], ['m2', 31], ['m3', 1]] as const) expect((await post('brevo', { ...soft, 'message-id': id, ts_event: at(daysAgo) })).statusCode).toBe(200);
    expect((await stateOf('example@domain.com'))?.bouncedAt).toBeNull();
    // Outside the window the address hash is gone too.
    expect((await ctx.db.selectFrom('bounceEvents').select('emailHash').where('emailHash', 'is not', null).execute()).length).toBe(1);
  });

  it('blocked counts as refused for good; spam and unsubscribed erase the address; a batch is read whole', async () => {
    for (const email of ['a@example.org', 'b@example.org', 'c@example.org']) await subscriber(email);
    const res = await post('brevo', [
      { ...fixture('brevo-blocked.json'), email: 'a@example.org' },
      { ...fixture('brevo-spam.json'), email: 'b@example.org' },
      { ...fixture('brevo-unsubscribed.json'), email: 'c@example.org' },
      { ...fixture('brevo-hard-bounce.json'), event: 'delivered', email: 'a@example.org' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('3 événements traités.');
    expect((await stateOf('a@example.org'))?.bouncedAt).not.toBeNull();
    expect(await stateOf('b@example.org')).toBeUndefined();
    expect(await stateOf('c@example.org')).toBeUndefined();
  });

  it('takes the secret as Basic password, Bearer token or ?token=', async () => {
    await subscriber('example@domain.com');
    const hard = fixture('brevo-hard-bounce.json');
    expect((await post('brevo', hard, { authorization: `Bearer ${SECRET}` })).statusCode).toBe(200);
    expect((await post('brevo', { ...hard, 'message-id': 'autre' }, {}, `?token=${SECRET}`)).statusCode).toBe(200);
  });

  it('refuses a call without the secret or with a wrong one (French 401, before the body is read), and changes nothing', async () => {
    await subscriber('example@domain.com');
    const before = await snapshot();
    for (const headers of [{} as Record<string, string>, { authorization: basic('brevo', `${SECRET}x`) }, { authorization: basic(SECRET, '') }, { authorization: 'Bearer nope' }, { authorization: 'Basic !!!' }]) {
      const res = await post('brevo', fixture('brevo-hard-bounce.json'), headers);
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toMatch(/Identifiants du relais/);
      expect(res.headers['www-authenticate']).toContain('Basic');
    }
    expect((await post('brevo', { nonsense: true }, {}, '?token=faux')).statusCode).toBe(401);
    expect(await snapshot()).toBe(before);
  });

  it('refuses a payload that is not Brevo’s with a French 400, and stores nothing', async () => {
    await subscriber('example@domain.com');
    const before = await snapshot();
    for (const payload of [{ event: 'hard_bounce' }, [], { event: 'hard_bounce', email: 42 }, Array.from({ length: 1001 }, () => fixture('brevo-hard-bounce.json'))]) {
      const res = await post('brevo', payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json().error).toEqual(expect.any(String));
    }
    expect(await snapshot()).toBe(before);
  });

  it('attributes a bounce to its letter through the Message-ID campaign-sender.ts writes, and fails the address’s unsent copies', async () => {
    const id = await subscriber('example@domain.com');
    const other = await subscriber('other@example.org');
    const now = ctx.clock.now().toISOString();
    const campaign = (await ctx.db.insertInto('campaigns').values({ subject: 'Lettre', body: 'x', includeUpcoming: 0, status: 'sending', createdAt: now, updatedAt: now }).returning('id').executeTakeFirstOrThrow()).id;
    const copy = (subscriberId: number, email: string) => ({ campaignId: campaign, subscriberId, email, status: 'pending' as const, nextAttemptAt: now, unsubscribeTokenHash: hashToken(`t${subscriberId}`) });
    await ctx.db.insertInto('campaignRecipients').values([copy(id, 'example@domain.com'), copy(other, 'other@example.org')]).execute();
    const res = await post('brevo', { ...fixture('brevo-hard-bounce.json'), 'message-id': `<campagne-${campaign}-${id}@bande.example.org>` });
    expect(res.statusCode).toBe(200);
    expect(await bouncesByCampaign(ctx.db, [campaign])).toEqual(new Map([[campaign, 1]]));
    const copies = await ctx.db.selectFrom('campaignRecipients').select(['subscriberId', 'status', 'lastError']).orderBy('subscriberId').execute();
    expect(copies).toEqual([
      { subscriberId: id, status: 'failed', lastError: expect.stringContaining('Adresse refusée') },
      { subscriberId: other, status: 'pending', lastError: null },
    ]);
  });
});

describe('Mailjet (event API)', () => {
  const MJ = { authorization: basic('mailjet', SECRET) };

  it('bounce with hard_bounce true marks the address bounced; false is counted', async () => {
    await subscriber('bounce@mailjet.com');
    expect((await post('mailjet', fixture('mailjet-bounce-soft.json'), MJ)).statusCode).toBe(200);
    expect((await stateOf('bounce@mailjet.com'))?.bouncedAt).toBeNull();
    expect(await ctx.db.selectFrom('bounceEvents').select(['kind', 'detail']).execute()).toEqual([{ kind: 'soft', detail: 'recipient : quota exceeded' }]);
    expect((await post('mailjet', fixture('mailjet-bounce-hard.json'), MJ)).statusCode).toBe(200);
    expect((await stateOf('bounce@mailjet.com'))?.bouncedAt).not.toBeNull();
  });

  it('blocked for the recipient counts as refused for good; blocked for the content does not', async () => {
    await subscriber('bounce@mailjet.com');
    await subscriber('content@example.org');
    const blocked = fixture('mailjet-blocked.json');
    const res = await post('mailjet', [{ ...blocked, email: 'content@example.org', error_related_to: 'content', error: 'spam preblocked' }, blocked], MJ);
    expect(res.json().message).toBe('1 événement traité.');
    expect((await stateOf('bounce@mailjet.com'))?.bouncedAt).not.toBeNull();
    expect((await stateOf('content@example.org'))?.bouncedAt).toBeNull();
  });

  it('spam and unsub erase the address', async () => {
    await subscriber('bounce@mailjet.com');
    expect((await post('mailjet', fixture('mailjet-spam.json'), MJ)).statusCode).toBe(200);
    expect(await stateOf('bounce@mailjet.com')).toBeUndefined();
    await subscriber('bounce@mailjet.com');
    expect((await post('mailjet', fixture('mailjet-unsub.json'), MJ)).statusCode).toBe(200);
    expect(await stateOf('bounce@mailjet.com')).toBeUndefined();
  });

  it('refuses a wrong password with a French 401 and changes nothing', async () => {
    await subscriber('bounce@mailjet.com');
    const before = await snapshot();
    const res = await post('mailjet', fixture('mailjet-bounce-hard.json'), { authorization: basic('mailjet', 'mauvais') });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toMatch(/Identifiants du relais/);
    expect(await snapshot()).toBe(before);
  });
});

describe('without BOUNCE_WEBHOOK_SECRET', () => {
  it('the Brevo and Mailjet endpoints do not exist (French 404), whatever is presented', async () => {
    const bare = await createTestApp();
    try {
      for (const provider of ['brevo', 'mailjet', 'ses']) {
        const res = await bare.app.inject({ method: 'POST', url: `/api/bounces/${provider}`, headers: { authorization: basic('x', '') }, payload: {} });
        expect(res.statusCode).toBe(404);
        expect(res.json().error).toMatch(/n’est pas configurée/);
      }
    } finally {
      await bare.close();
    }
  });
});

describe('configuration', () => {
  it('refuses a short secret and a list that is not of SNS topics, in French, naming the variable', async () => {
    const { loadConfig } = await import('../../env.ts');
    expect(() => loadConfig({ BOUNCE_WEBHOOK_SECRET: 'court' })).toThrow(/BOUNCE_WEBHOOK_SECRET: doit contenir au moins 24 caractères/);
    expect(() => loadConfig({ BOUNCE_SES_TOPIC_ARNS: 'arn:aws:sns:eu-west-3:1:ok,https://evil.example.org' })).toThrow(/BOUNCE_SES_TOPIC_ARNS: doit être une liste d'ARN/);
    expect(loadConfig({ BOUNCE_SES_TOPIC_ARNS: ' arn:aws:sns:eu-west-3:123456789012:rebonds , arn:aws-cn:sns:cn-north-1:1:b ' }).bounces.sesTopicArns).toEqual([
      'arn:aws:sns:eu-west-3:123456789012:rebonds',
      'arn:aws-cn:sns:cn-north-1:1:b',
    ]);
  });
});
