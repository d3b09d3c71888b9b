import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newsletterTexts, texts } from '@bande/shared';
import { createAdminToken } from '../../test/admin-token.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { newsletterRepository } from './newsletter.repository.ts';
import { subscribersCsv } from './newsletter.service.ts';
import { createRetentionJob, RETENTION_LEASE_KEY, runRetention } from './retention.ts';

let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await createTestApp({ RETENTION_DAYS: '30' });
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await ctx.db.deleteFrom('newsletterSubscriptions').execute();
  await ctx.db.deleteFrom('rateLimitBuckets').execute();
  ctx.mailer.sent.length = 0;
  // Tests move the clock forward by weeks: a session of the current day each time.
  token = await createAdminToken(ctx);
});

let lastIp = 0;
const nextIp = () => `10.2.${Math.floor(++lastIp / 250)}.${lastIp % 250}`;
const post = (url: string, payload: object) => ctx.app.inject({ method: 'POST', url, payload, remoteAddress: nextIp() });
const subscribe = (payload: object) => post('/api/newsletter/subscribe', payload);
const admin = (method: 'GET' | 'DELETE', url: string) => ctx.app.inject({ method, url, headers: { authorization: `Bearer ${token}` } });

/** The token of a link of the last mail: `/newsletter/<page>?token=…`. */
function linkToken(page: 'confirmation' | 'desinscription', mail = ctx.mailer.last()) {
  const match = new RegExp(`http://localhost:3000/newsletter/${page}\\?token=([\\w-]+)`).exec(mail?.text ?? '');
  expect(match, `lien /newsletter/${page} dans le mail`).not.toBeNull();
  return match![1]!;
}

describe('newsletter double opt-in', () => {
  it('subscribe → mail with link and List-Unsubscribe → confirm → listed as confirmed → CSV → unsubscribe → gone', async () => {
    const res = await subscribe({ email: 'Lea@Example.org' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: texts.success.newsletterSubscribed });
    // The answer does not claim a confirmation that has not happened: it announces the mail and its link.
    expect(res.json().message).toMatch(/mail est en route.*lien.*confirmer/);
    expect(ctx.mailer.sent).toHaveLength(1);
    const mail = ctx.mailer.last()!;
    expect(mail.to).toBe('lea@example.org');
    const confirmToken = linkToken('confirmation');
    const unsubscribeToken = linkToken('desinscription');
    expect(confirmToken).toMatch(/^[\w-]{43}$/);
    expect(mail.headers).toEqual({
      'List-Unsubscribe': `<http://localhost:3000/newsletter/desinscription?token=${unsubscribeToken}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });

    // Stored pending, with the tokens' hashes only.
    const [row] = await newsletterRepository.findAll(ctx.db);
    expect(row!.confirmedAt).toBeNull();
    expect(JSON.stringify(row)).not.toContain(confirmToken);
    expect(JSON.stringify(row)).not.toContain(unsubscribeToken);
    expect((await admin('GET', '/api/newsletter/subscribers')).json().data).toEqual([{ id: row!.id, email: 'lea@example.org', createdAt: '2026-03-03T19:30:00.000Z', confirmedAt: null, bouncedAt: null, status: 'pending' }]);

    ctx.clock.advance(60_000);
    const confirmed = await post('/api/newsletter/confirm', { token: confirmToken });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ message: newsletterTexts.confirmed });
    // A second click on the same link still says it is confirmed.
    expect((await post('/api/newsletter/confirm', { token: confirmToken })).statusCode).toBe(200);

    const list = await admin('GET', '/api/newsletter/subscribers');
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    expect(list.json().data).toEqual([{ id: row!.id, email: 'lea@example.org', createdAt: '2026-03-03T19:30:00.000Z', confirmedAt: '2026-03-03T19:31:00.000Z', bouncedAt: null, status: 'confirmed' }]);

    const csv = await admin('GET', '/api/newsletter/subscribers.csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(csv.body).toBe('\uFEFFAdresse email;Inscription;Confirmation\r\nlea@example.org;03/03/2026 20:30;03/03/2026 20:31\r\n');

    const gone = await post('/api/newsletter/unsubscribe', { token: unsubscribeToken });
    expect(gone.statusCode).toBe(200);
    expect(gone.json()).toEqual({ message: newsletterTexts.unsubscribed });
    expect(await newsletterRepository.findAll(ctx.db)).toEqual([]);
    const again = await post('/api/newsletter/unsubscribe', { token: unsubscribeToken });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: newsletterTexts.unsubscribeInvalid });
  });

  it('re-sends new links to a pending address, the same answer each time, and mails a confirmed one nothing', async () => {
    await subscribe({ email: 'attente@example.org' });
    const first = linkToken('confirmation');
    const again = await subscribe({ email: 'ATTENTE@example.org' });
    expect(again.json()).toEqual({ message: texts.success.newsletterSubscribed });
    expect(ctx.mailer.sent).toHaveLength(2);
    const second = linkToken('confirmation');
    expect(second).not.toBe(first);
    expect((await post('/api/newsletter/confirm', { token: first })).statusCode).toBe(404);
    expect((await post('/api/newsletter/confirm', { token: second })).statusCode).toBe(200);
    // The confirmation's welcome mail (welcome-mail.test.ts).
    expect(ctx.mailer.sent).toHaveLength(3);
    const third = await subscribe({ email: 'attente@example.org' });
    expect(third.statusCode).toBe(200);
    expect(third.json()).toEqual({ message: texts.success.newsletterSubscribed });
    expect(ctx.mailer.sent).toHaveLength(3);
    expect(await newsletterRepository.findAll(ctx.db)).toHaveLength(1);
  });

  it.each([
    ['an unknown confirmation token', '/api/newsletter/confirm', { token: 'inconnu' }, 404, newsletterTexts.confirmInvalid],
    ['an unknown unsubscribe token', '/api/newsletter/unsubscribe', { token: 'inconnu' }, 404, newsletterTexts.unsubscribeInvalid],
    ['an empty token', '/api/newsletter/confirm', { token: '' }, 400, undefined],
    ['no token', '/api/newsletter/unsubscribe', {}, 400, undefined],
    ['a huge token', '/api/newsletter/confirm', { token: 'x'.repeat(5000) }, 400, undefined],
    ['a number', '/api/newsletter/unsubscribe', { token: 42 }, 400, undefined],
  ])('answers %s (%s) with a French %i, never a 500', async (_label, url, payload, status, message) => {
    const res = await post(url, payload);
    expect(res.statusCode).toBe(status);
    const { error } = res.json();
    expect(typeof error).toBe('string');
    if (message) expect(error).toBe(message);
    expect(error).not.toMatch(/Bad Request|Invalid|expected|received|Too big|Not Found/i);
  });

  it('refuses a confirmation link older than RETENTION_DAYS', async () => {
    await subscribe({ email: 'lente@example.org' });
    ctx.clock.advance(31 * 24 * 3600 * 1000);
    const res = await post('/api/newsletter/confirm', { token: linkToken('confirmation') });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe(newsletterTexts.confirmInvalid);
  });

  it('answers a filled honeypot with success and stores and mails nothing', async () => {
    const res = await subscribe({ email: 'robot@example.org', website: 'https://spam.example' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: texts.success.newsletterSubscribed });
    expect(await newsletterRepository.findAll(ctx.db)).toEqual([]);
    expect(ctx.mailer.sent).toEqual([]);
    // An empty honeypot (what the real form sends) is a normal sign-up.
    expect((await subscribe({ email: 'humain@example.org', website: '' })).statusCode).toBe(200);
    expect(ctx.mailer.sent).toHaveLength(1);
  });
});

describe('one-click unsubscribe (RFC 8058)', () => {
  it.each([
    ['application/x-www-form-urlencoded', 'List-Unsubscribe=One-Click'],
    ['multipart/form-data; boundary=XYZ', '--XYZ\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--XYZ--\r\n'],
  ])('erases the address on a POST (%s) to the List-Unsubscribe address, then answers 404 in French', async (type, body) => {
    await subscribe({ email: 'clic@example.org' });
    const header = ctx.mailer.last()!.headers!['List-Unsubscribe']!;
    const url = header.slice('<http://localhost:3000'.length, -1);
    const post1 = () => ctx.app.inject({ method: 'POST', url, payload: body, headers: { 'content-type': type }, remoteAddress: nextIp() });
    const res = await post1();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: newsletterTexts.unsubscribed });
    expect(await newsletterRepository.findAll(ctx.db)).toEqual([]);
    const again = await post1();
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: newsletterTexts.unsubscribeInvalid });
  });

  it('answers a POST without a token with a French 400', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/newsletter/desinscription', payload: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).not.toMatch(/Bad Request|Invalid|expected|received/);
  });
});

describe('subscribers for staff', () => {
  it('exports confirmed subscribers only, quoting and neutralising formulas, in Paris time', async () => {
    const rows = [
      { email: '=cmd@example.org', createdAt: '2026-07-14T21:05:00.000Z', confirmedAt: '2026-07-14T22:59:00.000Z' },
      { email: 'a;b@example.org', createdAt: '2026-01-01T00:00:00.000Z', confirmedAt: '2026-01-01T00:00:00.000Z' },
      { email: '"q"@example.org', createdAt: '2026-01-02T00:00:00.000Z', confirmedAt: '2026-01-02T00:00:00.000Z' },
      { email: 'attente@example.org', createdAt: '2026-01-02T00:00:00.000Z', confirmedAt: null },
    ];
    for (const row of rows) await ctx.db.insertInto('newsletterSubscriptions').values(row).execute();
    const csv = await admin('GET', '/api/newsletter/subscribers.csv');
    expect(csv.body).toBe(
      '\uFEFFAdresse email;Inscription;Confirmation\r\n' +
        "'=cmd@example.org;14/07/2026 23:05;15/07/2026 00:59\r\n" +
        '"a;b@example.org";01/01/2026 01:00;01/01/2026 01:00\r\n' +
        '"""q""@example.org";02/01/2026 01:00;02/01/2026 01:00\r\n',
    );
  });

  it('quotes any line break, not only CRLF, and neutralises a tab or CR before a formula', () => {
    const at = '2026-01-01T00:00:00.000Z';
    expect(subscribersCsv([{ email: 'a\nb', createdAt: at, confirmedAt: null }, { email: '\t=1', createdAt: at, confirmedAt: null }, { email: '\r+1', createdAt: at, confirmedAt: null }])).toBe(
      '\uFEFFAdresse email;Inscription;Confirmation\r\n"a\nb";01/01/2026 01:00;\r\n' + "'\t=1;01/01/2026 01:00;\r\n" + `"'\r+1";01/01/2026 01:00;\r\n`,
    );
  });

  it('deletes a subscriber, then answers 404 in French', async () => {
    await subscribe({ email: 'partir@example.org' });
    const [row] = await newsletterRepository.findAll(ctx.db);
    expect((await admin('DELETE', `/api/newsletter/subscribers/${row!.id}`)).statusCode).toBe(204);
    expect(await newsletterRepository.findAll(ctx.db)).toEqual([]);
    const again = await admin('DELETE', `/api/newsletter/subscribers/${row!.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: newsletterTexts.subscriberNotFound });
  });

  it.each([
    ['GET', '/api/newsletter/subscribers'],
    ['GET', '/api/newsletter/subscribers.csv'],
    ['DELETE', '/api/newsletter/subscribers/1'],
  ] as const)('%s %s answers 401 without a token', async (method, url) => {
    const res = await ctx.app.inject({ method, url });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: texts.api.unauthorized });
  });
});

describe('retention', () => {
  it('erases unconfirmed sign-ups older than RETENTION_DAYS only, once per interval across servers', async () => {
    const day = 24 * 3600 * 1000;
    const now = ctx.clock.now().getTime();
    const at = (daysAgo: number) => new Date(now - daysAgo * day).toISOString();
    await ctx.db
      .insertInto('newsletterSubscriptions')
      .values([
        { email: 'vieille-attente@example.org', createdAt: at(31), confirmedAt: null },
        { email: 'recente-attente@example.org', createdAt: at(29), confirmedAt: null },
        { email: 'vieille-confirmee@example.org', createdAt: at(400), confirmedAt: at(399) },
      ])
      .execute();
    const log = { info: () => {}, warn: () => {}, error: () => {} };
    const first = await runRetention({ ...ctx, log });
    expect(first).toEqual({ ran: true, erased: { newsletterPending: 1, handledMessages: 0, auditLog: 0 } });
    expect((await newsletterRepository.findAll(ctx.db)).map((r) => r.email)).toEqual(['recente-attente@example.org', 'vieille-confirmee@example.org']);
    // Another server in the same interval finds the lease taken.
    expect(await runRetention({ ...ctx, log })).toEqual({ ran: false, erased: {} });
    expect(await ctx.db.selectFrom('rateLimitBuckets').select('key').where('key', '=', RETENTION_LEASE_KEY).execute()).toHaveLength(1);
    ctx.clock.advance(2 * day);
    expect(await runRetention({ ...ctx, log })).toEqual({ ran: true, erased: { newsletterPending: 1, handledMessages: 0, auditLog: 0 } });
    expect((await newsletterRepository.findAll(ctx.db)).map((r) => r.email)).toEqual(['vieille-confirmee@example.org']);
  });

  it('erases inbox messages handled more than RETENTION_DAYS ago, never new ones however old', async () => {
    const day = 24 * 3600 * 1000;
    ctx.clock.advance(7 * day); // a fresh lease interval
    const now = ctx.clock.now().getTime();
    const at = (daysAgo: number) => new Date(now - daysAgo * day).toISOString();
    const contact = { requestType: 'Autre', message: 'Bonjour', phone: null };
    await ctx.db
      .insertInto('contactMessages')
      .values([
        { ...contact, email: 'traite-ancien@example.org', createdAt: at(60), status: 'done', handledAt: at(31) },
        { ...contact, email: 'traite-recent@example.org', createdAt: at(60), status: 'done', handledAt: at(29) },
        { ...contact, email: 'jamais-lu@example.org', createdAt: at(400), status: 'new', handledAt: null },
      ])
      .execute();
    await ctx.db.insertInto('cardRequests').values({ firstName: 'Ada', lastName: 'Lu', email: 'carte@example.org', phone: '0600000000', createdAt: at(90), status: 'done', handledAt: at(45) }).execute();
    const log = { info: () => {}, warn: () => {}, error: () => {} };
    const result = await runRetention({ ...ctx, log });
    expect(result.erased.handledMessages).toBe(2);
    expect((await ctx.db.selectFrom('contactMessages').select('email').orderBy('email').execute()).map((r) => r.email)).toEqual(['jamais-lu@example.org', 'traite-recent@example.org']);
    expect(await ctx.db.selectFrom('cardRequests').select('id').execute()).toEqual([]);
  });

  it("the server's job: a first run after its delay (lease taken, old pending erased), then stop", async () => {
    await ctx.db.insertInto('newsletterSubscriptions').values({ email: 'oubliee@example.org', createdAt: new Date(ctx.clock.now().getTime() - 40 * 24 * 3600 * 1000).toISOString(), confirmedAt: null }).execute();
    const infos: unknown[] = [];
    const job = createRetentionJob({ ...ctx, log: { info: (...args: unknown[]) => infos.push(args), warn: () => {}, error: () => {} } }, { firstDelayMs: 10, everyMs: 60_000 });
    job.start();
    await expect.poll(async () => (await newsletterRepository.findAll(ctx.db)).length, { timeout: 5_000 }).toBe(0);
    await job.stop();
    expect(await ctx.db.selectFrom('rateLimitBuckets').select('key').where('key', '=', RETENTION_LEASE_KEY).execute()).toHaveLength(1);
    expect(infos).toHaveLength(1);
  });
});
