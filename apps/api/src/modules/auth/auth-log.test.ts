import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import type { App } from '../../deps.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createMailWorker, createQueuedMailer, type MailWorker } from '../../plugins/mail-queue.ts';
import { createDiskStorage } from '../../plugins/storage.ts';
import { ensureAdminAccount } from './admin-bootstrap.ts';
import { ADMIN, requesterCookie, silentLog } from './auth-test-helpers.ts';

// Everything the server writes, at the most talkative level, from the app and from the mail worker.
let written = '';
const log = pino(
  { level: 'trace' },
  new Writable({
    write(chunk: Buffer, _encoding, done) {
      written += chunk.toString();
      done();
    },
  }),
);

let ctx: TestContext;
let app: App;
let worker: MailWorker;
const delivered: string[] = [];
beforeAll(async () => {
  ctx = await createTestApp();
  await ensureAdminAccount(ctx, silentLog);
  let calls = 0;
  // The first send fails, so that the worker's failure log is exercised too.
  worker = createMailWorker({
    ...ctx,
    log,
    transport: {
      async send(message) {
        if (++calls === 1) throw new Error('421 essayez plus tard');
        delivered.push(message.text);
      },
    },
  });
  app = await buildApp({ ...ctx, mailer: createQueuedMailer(ctx.db, ctx.clock), storage: createDiskStorage(path.join(ctx.dataDir, 'uploads')) }, { loggerInstance: log });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await ctx.close();
});

const post = (url: string, payload?: object) => app.inject({ method: 'POST', url, ...(payload ? { payload } : {}) });

describe('auth logs', () => {
  it('never contain a password or a code, through login, lock, unlock, reset and the mail worker', async () => {
    const secrets = [ADMIN.password, 'mauvais-secret-1', 'nouveau-secret-9'];
    for (let i = 0; i < 5; i++) await post('/api/auth/login', { email: ADMIN.email, password: secrets[1]! });
    await post('/api/auth/request-unlock', { email: ADMIN.email });
    const cookie = requesterCookie(await post('/api/auth/request-reset'));
    await worker.runOnce();
    ctx.clock.advance(60 * 1000);
    await worker.runOnce();
    expect(delivered).toHaveLength(2);
    const codes = delivered.map((text) => text.match(/\b\d{6}\b/)![0]);
    const [unlock, reset] = delivered[0]!.includes('déblocage') ? codes : [codes[1]!, codes[0]!];
    expect((await post('/api/auth/login', { ...ADMIN, unlockCode: unlock! })).statusCode).toBe(200);
    const resetAnswer = await app.inject({ method: 'POST', url: '/api/auth/reset-password', headers: { cookie }, payload: { code: reset!, newPassword: secrets[2]! } });
    expect(resetAnswer.statusCode).toBe(200);
    expect(written).toContain('incoming request');
    expect(written).toContain('421 essayez plus tard');
    for (const secret of [...secrets, ...codes, cookie.split('=')[1]!]) expect(written).not.toContain(secret);
  });
});
