import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string;
  /** The envelope's sender (MAIL FROM). */
  from: string;
  raw: string;
  /** When the receiver accepted the message (end of DATA), in ms. */
  at: number;
}

/**
 * A real SMTP server for tests: keeps every message it accepts, and answers `refuse[address]`
 * (e.g. 451 or 550) to RCPT TO for the addresses named there.
 */
export async function startSmtpReceiver(
  refuse: Record<string, number> = {},
  /** Messages from this sender (MAIL FROM) that it answers true for are kept waiting, never accepted. */
  hold: (from: string) => boolean = () => false,
) {
  const received: ReceivedMail[] = [];
  const held: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const code = refuse[address.address.toLowerCase()];
      if (code) return callback(Object.assign(new Error(code >= 500 ? 'Adresse inconnue' : 'Réessayez plus tard'), { responseCode: code }));
      callback();
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        if (hold(from)) {
          // No answer: the sender stays in the middle of its SMTP transaction (a server killed mid-send).
          held.push(from);
          return;
        }
        for (const rcpt of session.envelope.rcptTo) received.push({ to: rcpt.address.toLowerCase(), from, raw, at: Date.now() });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    received,
    held,
    refuse,
    url: `smtp://127.0.0.1:${port}`,
    /** How many messages each address got. */
    counts: () => received.reduce((m, r) => m.set(r.to, (m.get(r.to) ?? 0) + 1), new Map<string, number>()),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
