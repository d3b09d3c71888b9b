import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { ensureAdminAccount } from './admin-bootstrap.ts';
import { login, silentLog } from './auth-test-helpers.ts';

interface LogLine {
  level: number;
  msg: string;
}

function recordingLog() {
  const lines: LogLine[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) });
  return { log, lines };
}

const WARN = 40;
let ctx: TestContext | undefined;
afterEach(async () => {
  await ctx?.close();
  ctx = undefined;
});

const admins = () => ctx!.db.selectFrom('adminUsers').selectAll().execute();

describe('ensureAdminAccount', () => {
  it('creates the admin from ADMIN_EMAIL and ADMIN_PASSWORD, hashed with argon2id', async () => {
    ctx = await createTestApp({ ADMIN_EMAIL: 'Bureau@Example.org', ADMIN_PASSWORD: 'un-secret-solide' });
    const { log, lines } = recordingLog();
    await ensureAdminAccount(ctx, log);
    const rows = await admins();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.email).toBe('bureau@example.org');
    expect(rows[0]!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(rows[0]!.passwordHash).not.toContain('un-secret-solide');
    expect(JSON.stringify(lines)).not.toContain('un-secret-solide');
    expect((await login(ctx, { email: 'bureau@example.org', password: 'un-secret-solide' })).statusCode).toBe(200);
  });

  it('without ADMIN_PASSWORD, creates admin@example.org with a generated password logged once', async () => {
    ctx = await createTestApp({ ADMIN_EMAIL: '', ADMIN_PASSWORD: '' });
    const { log, lines } = recordingLog();
    await ensureAdminAccount(ctx, log);
    await ensureAdminAccount(ctx, log);

    const rows = await admins();
    expect(rows.map((r) => r.email)).toEqual(['admin@example.org']);
    const warnings = lines.filter((l) => l.level === WARN);
    expect(warnings).toHaveLength(1);
    const password = /mot de passe : (\S+)/.exec(warnings[0]!.msg)?.[1];
    expect(password).toMatch(/^\S{12,}$/);
    expect((await login(ctx, { email: 'admin@example.org', password: password! })).statusCode).toBe(200);
  });

  it('generates a different password each time', async () => {
    const passwords: string[] = [];
    for (let i = 0; i < 2; i++) {
      const run = await createTestApp({ ADMIN_EMAIL: '', ADMIN_PASSWORD: '' });
      const { log, lines } = recordingLog();
      await ensureAdminAccount(run, log);
      passwords.push(/mot de passe : (\S+)/.exec(lines.find((l) => l.level === WARN)!.msg)![1]!);
      await run.close();
    }
    expect(passwords[0]).not.toBe(passwords[1]);
  });

  it('never overwrites an existing account, even when ADMIN_PASSWORD changes', async () => {
    ctx = await createTestApp({ ADMIN_EMAIL: 'admin@example.org', ADMIN_PASSWORD: 'premier-secret' });
    await ensureAdminAccount(ctx, silentLog);
    const before = await admins();
    await ensureAdminAccount({ ...ctx, config: { ...ctx.config, adminPassword: 'second-secret' } }, silentLog);
    expect(await admins()).toEqual(before);
    expect((await login(ctx, { email: 'admin@example.org', password: 'premier-secret' })).statusCode).toBe(200);
  });

  it('without ADMIN_EMAIL, creates nothing when an admin account already exists', async () => {
    ctx = await createTestApp({ ADMIN_EMAIL: 'bureau@example.org', ADMIN_PASSWORD: 'premier-secret' });
    await ensureAdminAccount(ctx, silentLog);
    const { log, lines } = recordingLog();
    await ensureAdminAccount({ ...ctx, config: { ...ctx.config, adminEmail: undefined, adminPassword: undefined } }, log);
    expect((await admins()).map((r) => r.email)).toEqual(['bureau@example.org']);
    expect(lines.filter((l) => l.level === WARN)).toHaveLength(0);
  });
});
