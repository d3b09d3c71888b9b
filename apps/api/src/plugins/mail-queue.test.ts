import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { texts } from '@bande/shared';
import { buildApp } from '../app.ts';
import { minutes } from '../lib/clock.ts';
import { ADMIN, createAuthTestApp } from '../modules/auth/auth-test-helpers.ts';
import { createMailWorker, createQueuedMailer, MAIL_MAX_ATTEMPTS, MAIL_RETRY_DELAYS_MS } from './mail-queue.ts';
import { createMailer, SMTP_TIMEOUTS, type MailMessage, type Mailer } from './mailer.ts';
import { createDiskStorage } from './storage.ts';

let ctx: Awaited<ReturnType<typeof createAuthTestApp>>;
beforeAll(async () => {
  ctx = await createAuthTestApp();
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await ctx.resetState();
  await ctx.db.deleteFrom('mailQueue').execute();
});

/** A logger whose lines the test can read. */
function capturingLog() {
  const lines: { level: number; msg: string; [key: string]: unknown }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  return { log: pino({ level: 'info' }, stream), lines };
}

/** A transport that keeps what it sends, after `delayMs`, and fails its first `failures` calls. */
function fakeTransport({ failures = 0, delayMs = 0 } = {}) {
  const sent: MailMessage[] = [];
  let calls = 0;
  const transport: Mailer & { sent: MailMessage[]; calls(): number } = {
    sent,
    calls: () => calls,
    async send(message) {
      calls++;
      if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
      if (calls <= failures) throw new Error('421 serveur indisponible');
      sent.push(message);
    },
  };
  return transport;
}

const workerWith = (transport: Mailer, log = pino({ level: 'silent' })) =>
  createMailWorker({ db: ctx.db, dialect: ctx.dialect, clock: ctx.clock, transport, log });
const queued = () => createQueuedMailer(ctx.db, ctx.clock);
const rows = () => ctx.db.selectFrom('mailQueue').selectAll().orderBy('id').execute();
const mail: MailMessage = { to: ADMIN.email, subject: 'Code', text: 'Votre code : 482913', replyTo: 'visiteur@example.org' };

describe('mail queue', () => {
  it('sends a queued mail after the fact and erases its body once sent', async () => {
    await queued().send(mail);
    expect(await rows()).toMatchObject([{ recipient: ADMIN.email, subject: 'Code', body: mail.text, attempts: 0, sentAt: null }]);
    const transport = fakeTransport();
    expect(await workerWith(transport).runOnce()).toBe(1);
    expect(transport.sent).toEqual([mail]);
    const [row] = await rows();
    expect(row).toMatchObject({ body: null, attempts: 1, sentAt: ctx.clock.now().toISOString(), claimedUntil: null });
    expect(JSON.stringify(row)).not.toContain('482913');
    // Sent once: another round sends nothing.
    expect(await workerWith(transport).runOnce()).toBe(0);
    expect(transport.calls()).toBe(1);
  });

  it('carries attachments (a reservation\'s calendar file) to the transport and erases them once sent', async () => {
    const attachments = [{ filename: 'reservation.ics', contentType: 'text/calendar; charset=utf-8', content: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n' }];
    await queued().send({ ...mail, attachments });
    const transport = fakeTransport();
    expect(await workerWith(transport).runOnce()).toBe(1);
    expect(transport.sent).toEqual([{ ...mail, attachments }]);
    expect((await rows())[0]!.attachments).toBeNull();
  });

  it('queues a mail in the caller\'s transaction: none when it rolls back', async () => {
    await ctx.db
      .transaction()
      .execute(async (trx) => {
        await queued().send(mail, trx);
        throw new Error('annulé');
      })
      .catch(() => undefined);
    expect(await rows()).toEqual([]);
    await ctx.db.transaction().execute((trx) => queued().send(mail, trx));
    expect(await rows()).toHaveLength(1);
  });

  it('carries extra headers (List-Unsubscribe) to the transport and erases them with the body once sent', async () => {
    const headers = { 'List-Unsubscribe': '<http://localhost:3000/newsletter/desinscription?token=secret-token>' };
    await queued().send({ ...mail, headers });
    const transport = fakeTransport();
    expect(await workerWith(transport).runOnce()).toBe(1);
    expect(transport.sent).toEqual([{ ...mail, headers }]);
    expect(JSON.stringify(await rows())).not.toContain('secret-token');
  });

  it('passes the headers to nodemailer: they are in the .eml of the outbox', async () => {
    const outboxDir = path.join(ctx.dataDir, 'outbox-headers');
    const mailer = createMailer({ smtpUrl: undefined, from: 'bande@example.org', outboxDir, log: pino({ level: 'silent' }) });
    await mailer.send({ ...mail, headers: { 'List-Unsubscribe': '<http://localhost:3000/newsletter/desinscription?token=abc>' } });
    const [file] = await fs.readdir(outboxDir);
    // Long headers are folded (a line break and a space); unfolded, it is the header given.
    expect((await fs.readFile(path.join(outboxDir, file!), 'utf8')).replace(/\r?\n[ \t]+/g, ' ')).toContain('List-Unsubscribe: <http://localhost:3000/newsletter/desinscription?token=abc>');
  });

  it('retries a transport that fails twice, after 1 then 5 minutes, and delivers once', async () => {
    await queued().send(mail);
    const transport = fakeTransport({ failures: 2 });
    const worker = workerWith(transport);
    expect(await worker.runOnce()).toBe(0);
    expect((await rows())[0]).toMatchObject({ attempts: 1, lastError: '421 serveur indisponible', body: mail.text, sentAt: null });
    ctx.clock.advance(MAIL_RETRY_DELAYS_MS[0] - 1000);
    expect(await worker.runOnce()).toBe(0);
    expect(transport.calls()).toBe(1);
    ctx.clock.advance(1000);
    expect(await worker.runOnce()).toBe(0);
    expect(transport.calls()).toBe(2);
    ctx.clock.advance(MAIL_RETRY_DELAYS_MS[1]);
    expect(await worker.runOnce()).toBe(1);
    expect(transport.sent).toEqual([mail]);
    expect((await rows())[0]).toMatchObject({ attempts: 3, body: null, lastError: null, sentAt: ctx.clock.now().toISOString() });
  });

  it(`gives up after ${MAIL_MAX_ATTEMPTS} attempts, logs an error without the body, and erases the body`, async () => {
    await queued().send(mail);
    const { log, lines } = capturingLog();
    const worker = workerWith(fakeTransport({ failures: Infinity }), log);
    await worker.runOnce();
    for (const delay of MAIL_RETRY_DELAYS_MS) {
      ctx.clock.advance(delay);
      await worker.runOnce();
    }
    const [row] = await rows();
    expect(row).toMatchObject({ attempts: MAIL_MAX_ATTEMPTS, body: null, sentAt: null, failedAt: ctx.clock.now().toISOString() });
    ctx.clock.advance(minutes(24 * 60));
    await worker.runOnce();
    expect((await rows())[0]!.attempts).toBe(MAIL_MAX_ATTEMPTS);
    const errors = lines.filter((line) => line.level === 50);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ to: ADMIN.email, subject: 'Code', attempts: MAIL_MAX_ATTEMPTS });
    expect(JSON.stringify(lines)).not.toContain('482913');
  });

  it('never sends one row twice with two workers on one database', async () => {
    const mailer = queued();
    for (let i = 0; i < 24; i++) await mailer.send({ ...mail, subject: `Mail ${i}` });
    const [a, b] = [fakeTransport({ delayMs: 3 }), fakeTransport({ delayMs: 3 })];
    const counts = await Promise.all([workerWith(a).runOnce(), workerWith(b).runOnce(), workerWith(a).runOnce()]);
    const subjects = [...a.sent, ...b.sent].map((m) => m.subject);
    expect(subjects).toHaveLength(24);
    expect(new Set(subjects).size).toBe(24);
    expect(counts.reduce((x, y) => x + y)).toBe(24);
    // Both took part (the race was real).
    expect(a.sent.length).toBeGreaterThan(0);
    expect(b.sent.length).toBeGreaterThan(0);
    expect((await rows()).every((row) => row.sentAt !== null && row.body === null && row.attempts === 1)).toBe(true);
  });

  it('answers request-reset at once while the SMTP server never greets; the greeting timeout then fires', { timeout: 30_000 }, async () => {
    // A mail server that accepts connections and never says a word.
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as net.AddressInfo).port;
    const log = pino({ level: 'silent' });
    const transport = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'site@example.org', outboxDir: '/nonexistent', log });
    const worker = workerWith(transport);
    const app = await buildApp({ ...ctx, mailer: createQueuedMailer(ctx.db, ctx.clock, worker), storage: createDiskStorage(path.join(ctx.dataDir, 'uploads')) });
    try {
      worker.start();
      const started = Date.now();
      const res = await app.inject({ method: 'POST', url: '/api/auth/request-reset' });
      expect(Date.now() - started).toBeLessThan(1000);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: texts.success.resetCodeSent });

      // The worker tried at once (nudged), and nodemailer gave up after greetingTimeout.
      let row;
      while (!(row = (await rows())[0])?.lastError && Date.now() - started < 20_000) await new Promise((r) => setTimeout(r, 100));
      expect(sockets.size).toBeGreaterThan(0);
      expect(row).toMatchObject({ attempts: 1, sentAt: null, lastError: expect.stringMatching(/greeting/i) });
      expect(Date.now() - started).toBeLessThan(SMTP_TIMEOUTS.greetingTimeout + 2000);
    } finally {
      await worker.stop();
      await app.close();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
