import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminTestApp, type AdminTestApp } from '../../test/admin-token.ts';
import { startSmtpReceiver } from '../../test/smtp-receiver.ts';
import { hashToken } from '../../lib/token-hash.ts';
import { createMailer } from '../../plugins/mailer.ts';
import { createCampaignSender } from './campaign-sender.ts';

/**
 * A send that cannot render fails that letter, never the server (issue 33): a due letter whose
 * rendering throws is marked 'failed' with its French reason, shown in « Lettres »; the letters due
 * after it are sent, and the server answers meanwhile.
 */
let receiver: Awaited<ReturnType<typeof startSmtpReceiver>>;
let app: AdminTestApp;
const errors: unknown[] = [];
const log = { info() {}, warn() {}, error: (...args: unknown[]) => errors.push(args), debug() {}, trace() {}, fatal() {}, child: () => log, level: 'silent', silent() {} } as never;

beforeAll(async () => {
  receiver = await startSmtpReceiver({});
  app = await createAdminTestApp({ SMTP_URL: receiver.url, SITE_URL: 'https://bande.example.org' });
});
afterAll(async () => {
  await app.ctx.close();
  await receiver.close();
});

async function due(subject: string, body: string) {
  const now = app.ctx.clock.now();
  const row = await app.ctx.db
    .insertInto('campaigns')
    .values({ subject, body, includeUpcoming: 0, status: 'scheduled', sendAt: new Date(now.getTime() - 60_000).toISOString(), createdAt: now.toISOString(), updatedAt: now.toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('a letter that cannot be rendered', () => {
  it('is marked failed with a French reason; the next letter goes out and requests are answered', async () => {
    const now = app.ctx.clock.now().toISOString();
    await app.ctx.db
      .insertInto('newsletterSubscriptions')
      .values(['a@example.org', 'b@example.org'].map((email) => ({ email, createdAt: now, confirmedAt: now, confirmTokenHash: hashToken(`c${email}`), unsubscribeTokenHash: hashToken(`u${email}`) })))
      .execute();
    // Saved before the placeholder was refused: its rendering throws (LetterRenderError).
    const broken = await due('Ancienne lettre', '[Le programme](https://pisteur.example.com/?u=%%UNSUBSCRIBE_URL%%)');
    const good = await due('Lettre de mars', 'Bonjour **à tous**.');
    const transport = createMailer({ smtpUrl: receiver.url, from: 'Bande <site@example.org>', outboxDir: '/nonexistent', log });
    const sender = createCampaignSender({ db: app.ctx.db, dialect: app.ctx.dialect, clock: app.ctx.clock, transport, log, siteUrl: app.ctx.config.siteUrl, ratePerMinute: 0 });

    const [sent, health] = await Promise.all([sender.runOnce(), app.ctx.app.inject({ method: 'GET', url: '/api/health' })]);
    expect(health.statusCode).toBe(200);
    expect(sent).toBe(2);
    expect(receiver.received.map((m) => m.raw).every((raw) => raw.includes('Lettre de mars'))).toBe(true);
    expect(receiver.received).toHaveLength(2);

    const list = (await app.ctx.app.inject({ method: 'GET', url: '/api/campaigns', headers: app.auth })).json<{ data: { id: number; status: string; failureReason: string | null }[] }>().data;
    expect(list.find((c) => c.id === broken)).toMatchObject({ status: 'failed', failureReason: expect.stringMatching(/^La lettre n’a pas pu être mise en page, elle n’est partie chez personne\s: .*UNSUBSCRIBE_URL/u) });
    expect(list.find((c) => c.id === good)).toMatchObject({ status: 'sent', failureReason: null });
    expect(await app.ctx.db.selectFrom('campaignRecipients').select('id').where('campaignId', '=', broken).execute()).toEqual([]);
    // The next round leaves it failed (no retry loop), and it can be corrected and sent again.
    expect(await sender.runOnce()).toBe(0);
    const fixed = await app.ctx.app.inject({ method: 'PUT', url: `/api/campaigns/${broken}`, headers: app.auth, payload: { subject: 'Ancienne lettre', body: '[Le programme](/shows)', includeUpcoming: false } });
    expect(fixed.json()).toMatchObject({ data: { status: 'failed', failureReason: null } });
    const again = await app.ctx.app.inject({ method: 'POST', url: `/api/campaigns/${broken}/send`, headers: app.auth, payload: {} });
    expect(again.json()).toMatchObject({ data: { status: 'sending', stats: { recipients: 2 } } });
    transport.close();
  });
});
