import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from '@playwright/test';

/**
 * The data directory of an e2e server: E2E_DATA_DIR_<port> when the wrapper exports it, else the
 * newest `bande-e2e-<port>-*` directory that scripts/e2e-server.mjs creates in the system temp dir.
 */
export function dataDirOf(port: number): string {
  const fromEnv = process.env[`E2E_DATA_DIR_${port}`];
  if (fromEnv) return fromEnv;
  const prefix = `bande-e2e-${port}-`;
  const candidates = fs
    .readdirSync(os.tmpdir())
    .filter((name) => name.startsWith(prefix))
    .map((name) => path.join(os.tmpdir(), name))
    .map((dir) => ({ dir, at: fs.statSync(dir).mtimeMs }))
    .sort((a, b) => b.at - a.at);
  if (!candidates[0]) throw new Error(`Aucun dossier de données ${prefix}* dans ${os.tmpdir()}`);
  return candidates[0].dir;
}

interface Mail {
  file: string;
  at: number;
  text: string;
}

function readMails(port: number): Mail[] {
  const outbox = path.join(dataDirOf(port), 'outbox');
  if (!fs.existsSync(outbox)) return [];
  return fs
    .readdirSync(outbox)
    .filter((name) => name.endsWith('.eml'))
    .map((name) => {
      const file = path.join(outbox, name);
      return { file, at: fs.statSync(file).mtimeMs, text: decodeMail(fs.readFileSync(file, 'utf8')) };
    });
}

/** Enough of MIME for our own mails: quoted-printable soft breaks and =XX bytes, base64 bodies. */
function decodeMail(raw: string): string {
  const qp = raw.replace(/=\r?\n/g, '').replace(/(=[0-9A-F]{2})+/g, (match) => Buffer.from(match.replace(/=/g, ''), 'hex').toString('utf8'));
  const base64Parts = [...raw.matchAll(/Content-Transfer-Encoding: base64\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/g)].map((m) =>
    Buffer.from(m[1]!.replace(/\s/g, ''), 'base64').toString('utf8'),
  );
  return [qp, ...base64Parts].join('\n');
}

/**
 * Waits for a mail written after `since` whose text matches `pattern`, and returns the pattern's first
 * group (the code), e.g. /Votre code de déblocage : (\d{6})/.
 */
/** Codes already handed to a test: a later wait never returns one again (it was used, or burnt). */
const handedOut = new Set<string>();

export async function waitForCode(port: number, since: number, pattern: RegExp): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      () => {
        // Mails are sent by a queue just after the answer: until the new one is written, an earlier
        // mail of the same kind (within the second of tolerance) must not be taken for it.
        const mail = readMails(port)
          .filter((candidate) => candidate.at >= since - 1000 && pattern.test(candidate.text))
          .filter((candidate) => !handedOut.has(`${port}:${candidate.text.match(pattern)?.[1]}`))
          .sort((a, b) => b.at - a.at)[0];
        code = mail?.text.match(pattern)?.[1];
        return code;
      },
      { message: `un mail contenant un code (${pattern}) dans l’outbox du port ${port}`, timeout: 15_000 },
    )
    .toBeTruthy();
  handedOut.add(`${port}:${code}`);
  return code!;
}
