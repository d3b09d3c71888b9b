import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.ts';
import { createLogger, MASKED, warnAboutProductionSettings } from './logger.ts';
import { createMailer } from './plugins/mailer.ts';
import { startRealServer, type RealServer } from './test/real-server.ts';

/** A log destination that keeps every line, as the server would write it. */
function logSink() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { stream, text: () => lines.join('\n'), lines };
}

const PROD = { NODE_ENV: 'production', ADMIN_PASSWORD: 'mot-de-passe-prod', TOTP_ENCRYPTION_KEY: 'k'.repeat(32) };

describe('NODE_ENV=production defaults', () => {
  it('does not fill a new database with the demo troupe unless SEED_DEMO says so', () => {
    expect(loadConfig(PROD)).toMatchObject({ production: true, seedDemo: false });
    expect(loadConfig({ ...PROD, SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });

  it('keeps today’s behaviour without NODE_ENV: demo content, no password needed', () => {
    expect(loadConfig({})).toMatchObject({ production: false, seedDemo: true });
    expect(loadConfig({ NODE_ENV: 'development' })).toMatchObject({ production: false, seedDemo: true });
  });

  it('requires ADMIN_PASSWORD, so that no generated password is ever written to a production log', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/ADMIN_PASSWORD: obligatoire quand NODE_ENV=production/);
  });

  it('requires TOTP_ENCRYPTION_KEY, so that no two-factor secret is stored in clear text (French and English message)', () => {
    const { TOTP_ENCRYPTION_KEY: _key, ...withoutKey } = PROD;
    expect(() => loadConfig(withoutKey)).toThrow(ConfigError);
    expect(() => loadConfig(withoutKey)).toThrow(/TOTP_ENCRYPTION_KEY: obligatoire quand NODE_ENV=production/);
    expect(() => loadConfig(withoutKey)).toThrow(/TOTP_ENCRYPTION_KEY is required when NODE_ENV=production/);
    expect(loadConfig(PROD).totpEncryptionKey).toBe(PROD.TOTP_ENCRYPTION_KEY);
  });

  it('keeps working without TOTP_ENCRYPTION_KEY outside production (secrets stored as today)', () => {
    expect(loadConfig({}).totpEncryptionKey).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'development' }).totpEncryptionKey).toBeUndefined();
  });
});

describe('the production log', () => {
  const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bande-outbox-'));
  afterAll(() => fs.rmSync(outboxDir, { recursive: true, force: true }));
  const mail = { to: 'admin@example.org', subject: 'Réinitialisation du mot de passe administrateur', text: 'Votre code : 482913' };

  it('does not contain the codes of the mails written to the outbox (the .eml file does)', async () => {
    const sink = logSink();
    const mailer = createMailer({ smtpUrl: undefined, from: 'Bande <b@example.org>', outboxDir, log: createLogger({ logLevel: 'info', production: true }, sink.stream) });
    await mailer.send(mail);
    expect(sink.text()).toContain('boîte d’envoi');
    expect(sink.text()).not.toContain('482913');
    expect(JSON.parse(sink.lines[0]!).codes).toBe(MASKED);
    const files = fs.readdirSync(outboxDir);
    expect(fs.readFileSync(path.join(outboxDir, files[0]!), 'utf8')).toContain('482913');
  });

  it('masks a password field, should anything log one', () => {
    const sink = logSink();
    createLogger({ logLevel: 'info', production: true }, sink.stream).warn({ email: 'a@example.org', password: 's3cret-généré' }, 'compte');
    expect(sink.text()).not.toContain('s3cret-généré');
  });

  it('still shows the codes in development, as today (no mail server needed)', async () => {
    const sink = logSink();
    const mailer = createMailer({ smtpUrl: undefined, from: 'Bande <b@example.org>', outboxDir, log: createLogger({ logLevel: 'info', production: false }, sink.stream) });
    await mailer.send(mail);
    expect(sink.text()).toContain('482913');
  });

  it('says loudly, at error level, that without SMTP_URL nobody receives the mails', () => {
    const sink = logSink();
    const log = createLogger({ logLevel: 'info', production: true }, sink.stream);
    warnAboutProductionSettings(loadConfig({ ...PROD, DATA_DIR: '/srv/bande' }), log);
    expect(sink.lines).toHaveLength(1);
    const line = JSON.parse(sink.lines[0]!);
    expect(line.level).toBe(50);
    expect(line.msg).toMatch(/SMTP_URL absent.*DATA_DIR\/outbox.*personne ne les recevra/);
    expect(line.outbox).toBe('/srv/bande/outbox');

    warnAboutProductionSettings(loadConfig({ ...PROD, SMTP_URL: 'smtp://mail.example.org:587' }), log);
    warnAboutProductionSettings(loadConfig({}), log);
    expect(sink.lines).toHaveLength(1);
  });
});

/** The real server (server.ts under tsx, as `npm run dev` runs it) started with NODE_ENV=production on SQLite. */
describe('a production start of the real server', () => {
  let server: RealServer;
  let base: string;
  let dataDir: string;

  beforeAll(async () => {
    server = await startRealServer('prod', { ...PROD, LOG_LEVEL: 'info' });
    ({ base, dataDir } = server);
    await server.ready();
  }, 90_000);

  afterAll(() => server?.stop('SIGTERM'));

  it('warns about the missing SMTP_URL and seeds no demo content', async () => {
    expect(server.output()).toMatch(/"level":50.*SMTP_URL absent/);
    const shows = (await fetch(`${base}/api/shows?published=true`).then((res) => res.json())) as { data: unknown[] };
    expect(shows.data).toEqual([]);
  });

  it('writes the reset code to the outbox, never to the log', async () => {
    expect((await fetch(`${base}/api/auth/request-reset`, { method: 'POST' })).status).toBe(200);
    const outbox = path.join(dataDir, 'outbox');
    const mails = () => (fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((name) => name.endsWith('.eml')) : []);
    for (let i = 0; i < 50 && mails().length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 100));
    const eml = fs.readFileSync(path.join(outbox, mails()[0]!), 'utf8');
    const code = eml.match(/\b\d{6}\b/)?.[0];
    expect(code).toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(server.output()).toContain('boîte d’envoi');
    expect(server.output()).not.toContain(code);
    expect(server.output()).not.toContain('mot-de-passe-prod');
  });
});
