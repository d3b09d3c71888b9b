import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from './mailer.ts';

const log = pino({ level: 'silent' });

describe('mailer over real SMTP', () => {
  const received: { from: string; to: string[]; raw: string }[] = [];
  let server: SMTPServer;
  let port: number;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('delivers a French mail, prefixed with the site name, with its reply-to', async () => {
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'La Bande à Lire <site@example.org>', outboxDir: '/nonexistent', log });
    await mailer.send({ to: 'contact@example.org', subject: 'Nouvelle demande', text: 'Bonjour, voici le code 123456', replyTo: 'visiteur@example.org' });
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual(['contact@example.org']);
    expect(received[0]!.from).toBe('site@example.org');
    expect(received[0]!.raw).toMatch(/Reply-To: visiteur@example.org/i);
    // Subjects with accents are MIME-encoded: the site name is there, encoded.
    expect(received[0]!.raw).toMatch(/Subject: .*(La Bande|=\?UTF-8\?)/i);
    expect(received[0]!.raw).toContain('123456');
  });
});

describe('mailer without SMTP_URL', () => {
  it('writes each mail as an .eml file in the outbox', async () => {
    const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-'));
    const mailer = createMailer({ smtpUrl: undefined, from: 'site@example.org', outboxDir, log });
    await mailer.send({ to: 'admin@example.org', subject: 'Code de déblocage', text: 'Votre code : 654321' });
    const files = fs.readdirSync(outboxDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const eml = fs.readFileSync(path.join(outboxDir, files[0]!), 'utf8');
    expect(eml).toContain('To: admin@example.org');
    expect(eml).toContain('654321');
    fs.rmSync(outboxDir, { recursive: true, force: true });
  });
});
