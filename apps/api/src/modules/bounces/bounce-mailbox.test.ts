import { ImapFlow } from 'imapflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../lib/token-hash.ts';
import { startImapServer } from '../../test/imap-server.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { BOUNCE_MAILBOX_INTERVAL_MS, READ_KEYWORD, runBounceMailbox } from './bounce-mailbox.ts';
import { bouncesByCampaign } from './bounces.service.ts';
import { dsnFailures } from './dsn.ts';

/** Delivery-status notifications as Postfix and Exim write them (RFC 3464), into a real Dovecot started by the test. */
const dsn = (opts: { id: string; to: string; action: string; status: string; diagnostic: string; returned: string }) =>
  [
    'From: MAILER-DAEMON@mx.example.net (Mail Delivery System)',
    'To: rebonds@bande.example.org',
    'Subject: Undelivered Mail Returned to Sender',
    `Message-ID: <${opts.id}@mx.example.net>`,
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=delivery-status; boundary="B1"',
    '',
    '--B1',
    'Content-Type: text/plain; charset=us-ascii',
    '',
    'This is the mail system at host mx.example.net. I\'m sorry to have to inform you that your message could not be delivered.',
    '',
    '--B1',
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; mx.example.net',
    'X-Postfix-Queue-ID: 4F1A2B3C4D',
    'Arrival-Date: Tue,  3 Mar 2026 20:30:00 +0100 (CET)',
    '',
    `Final-Recipient: rfc822; ${opts.to}`,
    `Original-Recipient: rfc822;${opts.to}`,
    `Action: ${opts.action}`,
    `Status: ${opts.status}`,
    'Remote-MTA: dns; mail.example.com',
    `Diagnostic-Code: smtp; ${opts.diagnostic}`,
    '    (in reply to RCPT TO command)',
    '',
    '--B1',
    opts.returned,
    '--B1--',
    '',
  ].join('\r\n');

const returnedMessage = (messageId: string) => ['Content-Type: message/rfc822', '', `Message-ID: ${messageId}`, 'Subject: Lettre de mars', 'From: La Bande <site@bande.example.org>', '', 'Bonjour', ''].join('\r\n');
const returnedHeaders = (messageId: string) => ['Content-Type: text/rfc822-headers', '', `Message-ID: ${messageId}`, 'Subject: Lettre de mars', ''].join('\r\n');

let imap: Awaited<ReturnType<typeof startImapServer>>;
let ctx: TestContext;
let client: ImapFlow;
const log = { info() {}, warn() {}, error() {} };

beforeAll(async () => {
  imap = await startImapServer();
  ctx = await createTestApp();
  client = new ImapFlow({ host: '127.0.0.1', port: imap.port, secure: false, auth: { user: imap.user, pass: imap.password }, logger: false });
  await client.connect();
}, 30_000);
afterAll(async () => {
  await client.logout();
  await ctx.close();
  await imap.close();
});

async function subscriber(email: string) {
  const now = ctx.clock.now().toISOString();
  return (await ctx.db.insertInto('newsletterSubscriptions').values({ email, createdAt: now, confirmedAt: now, confirmTokenHash: hashToken(`c${email}`), unsubscribeTokenHash: hashToken(`u${email}`) }).returning('id').executeTakeFirstOrThrow()).id;
}
const flagsOf = async () => {
  const lock = await client.getMailboxLock('INBOX');
  try {
    return (await client.fetchAll('1:*', { envelope: true, flags: true })).map((m) => ({ subject: m.envelope?.subject, flags: [...(m.flags ?? [])].sort() }));
  } finally {
    lock.release();
  }
};

describe('the bounce mailbox (IMAP, a real Dovecot)', () => {
  it('reads the delivery-status notifications once, under the lease; a person’s mail stays unread', async () => {
    const now = ctx.clock.now().toISOString();
    const campaign = (await ctx.db.insertInto('campaigns').values({ subject: 'Lettre de mars', body: 'x', includeUpcoming: 0, status: 'sent', createdAt: now, updatedAt: now }).returning('id').executeTakeFirstOrThrow()).id;
    const dead = await subscriber('inconnu@example.org');
    await subscriber('plein@example.org');
    await subscriber('lent@example.org');
    const copyId = `<campagne-${campaign}-${dead}@bande.example.org>`;
    await client.append('INBOX', dsn({ id: 'a1', to: 'inconnu@example.org', action: 'failed', status: '5.1.1', diagnostic: '550 5.1.1 <inconnu@example.org>: Recipient address rejected: User unknown', returned: returnedMessage(copyId) }));
    await client.append('INBOX', dsn({ id: 'a2', to: 'plein@example.org', action: 'failed', status: '4.2.2', diagnostic: '452 4.2.2 Mailbox full', returned: returnedHeaders('<campagne-99-98@bande.example.org>') }));
    await client.append('INBOX', dsn({ id: 'a3', to: 'lent@example.org', action: 'delayed', status: '4.4.7', diagnostic: '421 try again later', returned: returnedHeaders('<x@y>') }));
    await client.append('INBOX', ['From: Marie <marie@example.org>', 'To: rebonds@bande.example.org', 'Subject: Une question', 'Message-ID: <q1@example.org>', '', 'Bonjour, une question sur le spectacle.', ''].join('\r\n'));

    const deps = { db: ctx.db, clock: ctx.clock, log, imapUrl: imap.url };
    // Two servers at once: one takes the lease, the other does nothing.
    const rounds = await Promise.all([runBounceMailbox(deps), runBounceMailbox(deps)]);
    expect(rounds.map((r) => r.ran).sort()).toEqual([false, true]);
    expect(rounds.find((r) => r.ran)).toMatchObject({ messages: 4, bounces: 2 });

    const state = async (email: string) => (await ctx.db.selectFrom('newsletterSubscriptions').select('bouncedAt').where('email', '=', email).executeTakeFirstOrThrow()).bouncedAt;
    expect(await state('inconnu@example.org')).not.toBeNull();
    expect(await state('plein@example.org')).toBeNull();
    expect(await state('lent@example.org')).toBeNull();
    expect(await ctx.db.selectFrom('bounceEvents').select(['source', 'kind']).orderBy('id').execute()).toEqual([
      { source: 'imap', kind: 'hard' },
      { source: 'imap', kind: 'soft' },
    ]);
    // Tied to its letter by the returned copy's Message-ID; the remote server's words kept without the address.
    expect(await bouncesByCampaign(ctx.db, [campaign])).toEqual(new Map([[campaign, 1]]));
    expect((await ctx.db.selectFrom('bounceEvents').select('detail').orderBy('id').executeTakeFirstOrThrow()).detail).toBe('5.1.1 smtp; 550 5.1.1 <<adresse>>: Recipient address rejected: User unknown (in reply to RCPT TO command)');

    const flags = await flagsOf();
    expect(flags.find((m) => m.subject === 'Une question')?.flags).toEqual([READ_KEYWORD]);
    expect(flags.filter((m) => m.subject !== 'Une question').map((m) => m.flags)).toEqual([
      [READ_KEYWORD, '\\Seen'],
      [READ_KEYWORD, '\\Seen'],
      [READ_KEYWORD, '\\Seen'],
    ]);

    // Within the interval nobody reads again; after it, the messages already read are left alone.
    expect((await runBounceMailbox(deps)).ran).toBe(false);
    ctx.clock.advance(BOUNCE_MAILBOX_INTERVAL_MS + 1000);
    expect(await runBounceMailbox(deps)).toEqual({ ran: true, messages: 0, bounces: 0 });
    expect(await ctx.db.selectFrom('bounceEvents').select('id').execute()).toHaveLength(2);
  }, 30_000);
});

describe('dsnFailures', () => {
  it('reads failed recipients only, hard for 5.x.x and soft for 4.x.x, with folded lines joined', () => {
    const body = ['Reporting-MTA: dns; mx', '', 'Final-Recipient: rfc822; a@example.org', 'Action: failed', 'Status: 5.7.1', 'Diagnostic-Code: smtp; 550 5.7.1', '  refused', '', 'Final-Recipient: rfc822; b@example.org', 'Action: failed', 'Status: 4.2.2', '', 'Final-Recipient: rfc822; c@example.org', 'Action: delivered', 'Status: 2.0.0', ''].join('\r\n');
    expect(dsnFailures(body)).toEqual([
      { email: 'a@example.org', kind: 'hard', detail: '5.7.1 smtp; 550 5.7.1 refused' },
      { email: 'b@example.org', kind: 'soft', detail: '4.2.2' },
    ]);
    expect(dsnFailures('pas un rapport')).toEqual([]);
  });
});
