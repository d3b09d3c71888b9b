import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { newsletterTexts } from '@bande/shared';
import { createAdminTestApp, type AdminTestApp } from '../../test/admin-token.ts';
import { startSmtpReceiver } from '../../test/smtp-receiver.ts';
import { hashToken } from '../../lib/token-hash.ts';
import { createMailer } from '../../plugins/mailer.ts';
import { recordBounce, SOFT_BOUNCE_LIMIT } from '../bounces/bounces.service.ts';
import { markSubscriberBounced } from '../newsletter/subscribers.ts';
import { createCampaignSender } from './campaign-sender.ts';

/**
 * Nobody who left gets mail (issue 34): for each way an address leaves the list after its copy of a
 * letter failed for the moment, « Renvoyer aux échecs » and the next letter send it nothing, checked at
 * a real SMTP receiver; the others still get theirs, and the first letter keeps its date and archive.
 */
let receiver: Awaited<ReturnType<typeof startSmtpReceiver>>;
let app: AdminTestApp;
const silent = { info() {}, warn() {}, error() {}, debug() {}, trace() {}, fatal() {}, child: () => silent, level: 'silent', silent() {} } as never;
const STAY = 'reste@example.org';
const TEMP = 'temporaire@example.org';
const LEAVER = 'part@example.org';

beforeAll(async () => {
  receiver = await startSmtpReceiver({});
  app = await createAdminTestApp({ SMTP_URL: receiver.url, SITE_URL: 'https://bande.example.org' });
});
afterAll(async () => {
  await app.ctx.close();
  await receiver.close();
});

beforeEach(async () => {
  receiver.received.length = 0;
  for (const key of Object.keys(receiver.refuse)) delete receiver.refuse[key];
  await app.ctx.db.deleteFrom('campaignRecipients').execute();
  await app.ctx.db.deleteFrom('campaigns').execute();
  await app.ctx.db.deleteFrom('newsletterSubscriptions').execute();
  await app.ctx.db.deleteFrom('mailQueue').execute();
  const now = app.ctx.clock.now().toISOString();
  for (const email of [STAY, TEMP, LEAVER]) {
    await app.ctx.db
      .insertInto('newsletterSubscriptions')
      .values({ email, createdAt: now, confirmedAt: now, confirmTokenHash: hashToken(`c-${email}`), unsubscribeTokenHash: hashToken(`u-${email}`) })
      .execute();
  }
});

/** A session opened at the test clock's now (the clock jumps hours ahead through the retry delays). */
let session: { at: number; token: string } | undefined;
async function auth() {
  const now = app.ctx.clock.now();
  if (session?.at !== now.getTime()) {
    const first = await app.ctx.db.selectFrom('adminSessions').select('userId').where('tokenHash', '=', hashToken(app.token)).executeTakeFirstOrThrow();
    const token = `t${now.getTime()}`;
    await app.ctx.db.insertInto('adminSessions').values({ userId: first.userId, tokenHash: hashToken(token), expiresAt: new Date(now.getTime() + 3_600_000).toISOString(), createdAt: now.toISOString() }).execute();
    session = { at: now.getTime(), token };
  }
  return { authorization: `Bearer ${session.token}` };
}
const inject = async (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) => app.ctx.app.inject({ method, url, headers: await auth(), ...(payload === undefined ? {} : { payload: payload as object }) });
const transport = () => createMailer({ smtpUrl: receiver.url, from: 'Bande <site@example.org>', outboxDir: '/nonexistent', log: silent });
const sender = () => createCampaignSender({ db: app.ctx.db, dialect: app.ctx.dialect, clock: app.ctx.clock, transport: transport(), log: silent, siteUrl: app.ctx.config.siteUrl, ratePerMinute: 0 });

/** Runs the sender, the clock jumping past each retry delay, until nothing is pending any more. */
async function sendThrough() {
  for (let round = 0; round < 10; round++) {
    await sender().runOnce();
    const pending = await app.ctx.db.selectFrom('campaignRecipients').select('id').where('status', '=', 'pending').execute();
    if (!pending.length) return;
    app.ctx.clock.advance(6 * 60 * 60_000 + 1000);
  }
  throw new Error('toujours des copies en attente');
}

async function letter(subject: string) {
  const created = await inject('POST', '/api/campaigns', { subject, body: 'Bonjour.', includeUpcoming: false });
  const id = created.json<{ data: { id: number } }>().data.id;
  expect((await inject('POST', `/api/campaigns/${id}/send`, {})).statusCode).toBe(200);
  return id;
}

/** Who received which letter, from the Message-ID each copy carries (campagne-<letter>-<subscriber>). */
function receivedBy(campaignId: number): string[] {
  return receiver.received
    .filter((r) => new RegExp(`Message-ID: <campagne-${campaignId}-`, 'i').test(r.raw))
    .map((r) => r.to)
    .sort();
}

const unsubscribeUrl = (to: string) => new URL(/List-Unsubscribe: <([^>]+)>/.exec(receiver.received.find((r) => r.to === to)!.raw.replace(/\r?\n[ \t]+/g, ' '))![1]!);
const detail = async (id: number) => (await inject('GET', `/api/campaigns/${id}`)).json<{ data: { status: string; sentAt: string; slug: string; stats: Record<string, number>; failures: { email: string; error: string; detail: string | null; temporary: boolean }[]; retryable: number } }>().data;
const subscriberId = async (email: string) => (await app.ctx.db.selectFrom('newsletterSubscriptions').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

/** Each way out, taken after the leaver's copy of the first letter failed for the moment (4xx). */
const ways: Record<string, { erased: boolean; leave: () => Promise<void> }> = {
  'unsubscribe by the link of an earlier letter': {
    erased: true,
    async leave() {
      const url = unsubscribeUrl(LEAVER);
      const res = await app.ctx.app.inject({ method: 'POST', url: '/api/newsletter/unsubscribe', payload: { token: url.searchParams.get('token') } });
      expect(res.statusCode).toBe(200);
    },
  },
  'one-click unsubscribe (RFC 8058 POST)': {
    erased: true,
    async leave() {
      const url = unsubscribeUrl(LEAVER);
      const res = await app.ctx.app.inject({ method: 'POST', url: `${url.pathname}${url.search}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
      expect(res.statusCode).toBe(200);
    },
  },
  'erasure by staff': {
    erased: true,
    async leave() {
      expect((await inject('DELETE', `/api/newsletter/subscribers/${await subscriberId(LEAVER)}`)).statusCode).toBe(204);
    },
  },
  'a hard bounce reported later': {
    erased: false,
    async leave() {
      expect(await markSubscriberBounced(app.ctx.db, LEAVER.toUpperCase(), { now: app.ctx.clock.now() })).toBe('bounced');
    },
  },
  'a hard bounce from a relay’s webhook (modules/bounces)': {
    erased: false,
    async leave() {
      expect(await recordBounce(app.ctx.db, { source: 'brevo', email: LEAVER, kind: 'hard', messageKey: 'm-1' }, app.ctx.clock.now())).toBe('bounced');
    },
  },
  'a spam complaint from a relay’s webhook (erased)': {
    erased: true,
    async leave() {
      expect(await recordBounce(app.ctx.db, { source: 'ses', email: LEAVER, kind: 'complaint', messageKey: 'm-2' }, app.ctx.clock.now())).toBe('erased');
    },
  },
  [`${SOFT_BOUNCE_LIMIT} soft bounces reported later`]: {
    erased: false,
    async leave() {
      // Counted in bounce_events (the only soft counter since migration 028), one per message.
      const soft = (i: number) => recordBounce(app.ctx.db, { source: 'mailjet', email: LEAVER, kind: 'soft', messageKey: `s-${i}` }, app.ctx.clock.now());
      for (let i = 1; i < SOFT_BOUNCE_LIMIT; i++) expect(await soft(i)).toBe('counted');
      expect(await soft(SOFT_BOUNCE_LIMIT)).toBe('bounced');
    },
  },
};

describe('nobody who left gets mail', () => {
  it.each(Object.entries(ways))('%s: no retry, no new letter, and the others still get theirs', async (_name, way) => {
    // A confirmation mail still in the outgoing queue (the queue keeps sent ones a few days).
    await app.ctx.db
      .insertInto('mailQueue')
      .values({ recipient: LEAVER, subject: newsletterTexts.confirmMailSubject, body: 'lien', replyTo: null, headers: null, nextAttemptAt: app.ctx.clock.now().toISOString(), claimedUntil: null, sentAt: null, failedAt: null, lastError: null, createdAt: app.ctx.clock.now().toISOString() })
      .execute();
    const earlier = await letter('Lettre de février');
    await sendThrough();
    expect(receivedBy(earlier)).toEqual([LEAVER, STAY, TEMP].sort());

    receiver.refuse[LEAVER] = 451;
    receiver.refuse[TEMP] = 451;
    const first = await letter('Lettre de mars');
    await sendThrough();
    const before = await detail(first);
    expect(before).toMatchObject({ status: 'sent', stats: { recipients: 3, sent: 1, failed: 2, pending: 0 }, retryable: 2 });
    expect(before.failures.map((f) => [f.email, f.error, f.temporary])).toEqual([
      [LEAVER, 'Refus temporaire du serveur du destinataire (451)', true],
      [TEMP, 'Refus temporaire du serveur du destinataire (451)', true],
    ]);
    expect(before.failures[0]!.detail).toMatch(/451/);

    await way.leave();
    // Every server accepts everything now: only the rules keep the letter from the leaver.
    delete receiver.refuse[LEAVER];
    delete receiver.refuse[TEMP];
    receiver.received.length = 0;

    const after = await detail(first);
    expect(after.retryable).toBe(1);
    expect(after.failures.map((f) => f.email)).toEqual(way.erased ? [TEMP] : [LEAVER, TEMP]);
    const retry = await inject('POST', `/api/campaigns/${first}/retry-failed`);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data).toMatchObject({ status: 'sent', sentAt: before.sentAt });
    await sendThrough();
    const next = await letter('Lettre d’avril');
    await sendThrough();
    expect(receivedBy(first)).toEqual([TEMP]);
    expect(receivedBy(next)).toEqual([STAY, TEMP].sort());
    expect(receiver.received.map((r) => r.to)).not.toContain(LEAVER);

    // The first letter keeps its date and its archive page; its counts still count the leaver's copy.
    const done = await detail(first);
    expect(done).toMatchObject({ status: 'sent', sentAt: before.sentAt, stats: { recipients: 3, sent: 2, failed: 1 } });
    const archive = (await app.ctx.app.inject({ method: 'GET', url: '/api/lettres' })).json<{ data: { slug: string; sentAt: string }[] }>().data;
    expect(archive).toContainEqual({ slug: before.slug, subject: 'Lettre de mars', sentAt: before.sentAt });

    const subscribers = (await inject('GET', '/api/newsletter/subscribers')).json<{ data: { email: string; status: string }[] }>().data;
    if (way.erased) {
      expect(subscribers.map((s) => s.email)).not.toContain(LEAVER);
      // No trace of the address anywhere in the letters' rows (address, error text, link).
      const rows = await app.ctx.db.selectFrom('campaignRecipients').selectAll().execute();
      expect(JSON.stringify(rows)).not.toContain('part@');
      expect(rows.filter((r) => r.subscriberId === null)).toHaveLength(2); // the earlier letter's copy and the failed one
      expect(await app.ctx.db.selectFrom('mailQueue').select('id').where('recipient', '=', LEAVER).execute()).toEqual([]);
    } else {
      expect(subscribers.find((s) => s.email === LEAVER)!.status).toBe('bounced');
    }
  });

  it('a permanent refusal (550) at the send: bounced, never retried, left out of the next letter and of tests', async () => {
    receiver.refuse[LEAVER] = 550;
    receiver.refuse[TEMP] = 451;
    const first = await letter('Lettre de mars');
    await sendThrough();
    const before = await detail(first);
    expect(before.failures.map((f) => [f.email, f.error, f.temporary])).toEqual([
      [LEAVER, 'Adresse refusée par le serveur du destinataire (550)', false],
      [TEMP, 'Refus temporaire du serveur du destinataire (451)', true],
    ]);
    // The server's own words are kept as the detail, never as the only message.
    expect(before.failures[0]!.detail).toMatch(/550/);
    expect(before.retryable).toBe(1);
    const subscribers = (await inject('GET', '/api/newsletter/subscribers')).json<{ data: { email: string; status: string }[] }>().data;
    expect(subscribers.find((s) => s.email === LEAVER)!.status).toBe('bounced');

    delete receiver.refuse[LEAVER];
    delete receiver.refuse[TEMP];
    receiver.received.length = 0;
    expect((await inject('POST', `/api/campaigns/${first}/retry-failed`)).statusCode).toBe(200);
    await sendThrough();
    const next = await letter('Lettre d’avril');
    await sendThrough();
    expect(receivedBy(first)).toEqual([TEMP]);
    expect(receivedBy(next)).toEqual([STAY, TEMP].sort());

    const test = await inject('POST', `/api/campaigns/${next}/test`, { email: LEAVER });
    expect(test.statusCode).toBe(400);
    expect(test.json().error).toMatch(/ne reçoit pas les lettres/);
    expect(receiver.received.map((r) => r.to)).not.toContain(LEAVER);
  });

  it('an address that leaves while a letter is going out gets no copy of it, and the letter still ends', async () => {
    const id = await letter('Lettre de mars');
    // Frozen with three recipients; the bounce arrives before the sender's first round.
    await markSubscriberBounced(app.ctx.db, LEAVER);
    await sendThrough();
    expect(receivedBy(id)).toEqual([STAY, TEMP].sort());
    const done = await detail(id);
    expect(done).toMatchObject({ status: 'sent', stats: { recipients: 3, sent: 2, failed: 1 }, retryable: 0 });
    // Its copy failed in French, never retried.
    expect(done.failures).toEqual([{ email: LEAVER, error: 'Adresse retirée des envois : refusée par le serveur du destinataire (rebond)', detail: expect.any(String), temporary: false }]);
  });

  it('a copy still pending is never sent once its address left, even if nothing failed it (the claim asks the rule)', async () => {
    const id = await letter('Lettre de mars');
    // Bounced behind the list's back (no copy failed): only the sender's own rule keeps the letter away.
    await app.ctx.db.updateTable('newsletterSubscriptions').set({ bouncedAt: app.ctx.clock.now().toISOString() }).where('email', '=', LEAVER).execute();
    await sendThrough();
    expect(receivedBy(id)).toEqual([STAY, TEMP].sort());
    expect((await detail(id)).status).toBe('sent');
  });

  it('a scheduled letter goes to the list as it is at its time, not as it was when scheduled', async () => {
    const created = await inject('POST', '/api/campaigns', { subject: 'Programmée', body: 'Bonjour.', includeUpcoming: false });
    const id = created.json<{ data: { id: number } }>().data.id;
    await inject('POST', `/api/campaigns/${id}/send`, { at: new Date(app.ctx.clock.now().getTime() + 60_000).toISOString() });
    expect((await inject('DELETE', `/api/newsletter/subscribers/${await subscriberId(LEAVER)}`)).statusCode).toBe(204);
    app.ctx.clock.advance(61_000);
    await sendThrough();
    expect(receivedBy(id)).toEqual([STAY, TEMP].sort());
  });

  it('a bounce for an address not on the list is answered « unknown » and stores nothing', async () => {
    expect(await markSubscriberBounced(app.ctx.db, 'inconnu@example.org')).toBe('unknown');
    const { n } = (await sql<{ n: number }>`select count(*) as n from newsletter_subscriptions`.execute(app.ctx.db)).rows[0]!;
    expect(Number(n)).toBe(3);
  });
});
