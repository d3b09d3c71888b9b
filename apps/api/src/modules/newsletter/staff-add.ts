import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { CsvError, parse } from 'csv-parse';
import { EMAIL_PATTERN, IMPORT_MAX_LINES, subscriberImportTexts as T, type ImportLine, type ImportOutcome, type ImportReport } from '@bande/shared';
import type { DB } from '../../db/connection.ts';
import { badRequest } from '../../lib/http-error.ts';
import { hashToken } from '../../lib/token-hash.ts';
import type { Mailer } from '../../plugins/mailer.ts';
import { associationName } from '../site-content/site-content.repository.ts';
import { confirmationMail } from './newsletter.service.ts';
import { leaverHash } from './subscribers.ts';

/*
 * Subscribers the staff add (issue 34), by hand or from a CSV file. Each new address is stored pending,
 * exactly like a sign-up from the site, and mailed the same confirmation link through the mail queue
 * (the queue's worker sends them at its pace, never all in the request); it becomes a subscriber only
 * when its owner clicks. Never added: an address already on the list, one its server refuses for good
 * (`bounced`), and one that left (the opposition list, RGPD: a person who unsubscribed or was erased is
 * not put back by somebody else; only their own new sign-up is).
 */

/** One address read from the file, with its line in the file (1-based, as a spreadsheet numbers them). */
interface Candidate {
  line: number;
  email: string;
}

const HEADER_WORDS = /e-?mail|adresse|courriel/i;
const looksLikeEmail = (cell: string) => cell.length <= 254 && EMAIL_PATTERN.test(cell);

/**
 * csv-parse reads about 1.5 µs a character: a 256 KB paste read in one go held the event loop for
 * 250–390 ms (event-loop.test.ts). The text is given to its stream in slices, the loop free between them.
 */
const SLICE = 16_384;
async function* slices(text: string) {
  for (let i = 0; i < text.length; i += SLICE) {
    yield text.slice(i, i + SLICE);
    await nextTurn();
  }
}

/**
 * The file's addresses: `;`, `,` or tab separated (a French spreadsheet writes `;`), with or without a
 * BOM; a first line without any address but with a cell named like « Adresse email » is a header, and
 * its column is read; otherwise each line's first cell holding an « @ » (else its first cell). Throws a
 * 400 in French for a file that does not read, holds nothing, or is too long.
 */
export async function readCsv(csv: string): Promise<Candidate[]> {
  let rows: { record: string[]; info: { lines: number } }[] = [];
  try {
    const parser = Readable.from(slices(csv)).pipe(parse({ bom: true, delimiter: [';', ',', '\t'], relax_column_count: true, relax_quotes: true, skip_empty_lines: true, trim: true, info: true }));
    for await (const row of parser) rows.push(row as (typeof rows)[number]);
  } catch (err) {
    throw badRequest(T.unreadable(err instanceof CsvError ? (err as CsvError & { lines?: number }).lines : undefined));
  }
  let column: number | undefined;
  const first = rows[0]?.record ?? [];
  if (!first.some(looksLikeEmail)) {
    const index = first.findIndex((cell) => HEADER_WORDS.test(cell));
    if (index >= 0) {
      column = index;
      rows = rows.slice(1);
    }
  }
  const candidates = rows
    // A line of empty cells (« ;; » from a spreadsheet) is no line; one with words but no address is invalid.
    .filter(({ record }) => record.some((cell) => cell !== ''))
    .map(({ record, info }) => ({ line: info.lines, email: (column !== undefined ? record[column] : (record.find((cell) => cell.includes('@')) ?? record[0])) ?? '' }));
  if (!candidates.length) throw badRequest(T.empty);
  if (candidates.length > IMPORT_MAX_LINES) throw badRequest(T.tooManyLines);
  return candidates;
}

/** What becomes of each address, read from the list as it is now; nothing is written. */
export async function classify(db: DB, candidates: Candidate[]): Promise<ImportLine[]> {
  const normalized = candidates.map((c) => ({ ...c, email: c.email.trim().toLowerCase() }));
  const valid = [...new Set(normalized.filter((c) => looksLikeEmail(c.email)).map((c) => c.email))];
  const known = new Map<string, ImportOutcome>();
  const leavers = new Set<string>();
  // In slices: SQLite takes at most 32,766 parameters a statement, PostgreSQL 65,535.
  for (let i = 0; i < valid.length; i += 500) {
    const slice = valid.slice(i, i + 500);
    const rows = await db.selectFrom('newsletterSubscriptions').select(['email', 'confirmedAt', 'bouncedAt']).where('email', 'in', slice).execute();
    for (const row of rows) known.set(row.email, row.bouncedAt ? 'bounced' : row.confirmedAt ? 'confirmed' : 'pending');
    const hashes = new Map(slice.map((email) => [leaverHash(email), email]));
    const left = await db.selectFrom('newsletterSuppressions').select('emailHash').where('emailHash', 'in', [...hashes.keys()]).execute();
    for (const row of left) leavers.add(hashes.get(row.emailHash)!);
  }
  const firstLine = new Map<string, number>();
  return normalized.map(({ line, email }) => {
    let outcome: ImportOutcome;
    let text: string;
    const earlier = firstLine.get(email);
    if (!looksLikeEmail(email)) [outcome, text] = ['invalid', T.outcome.invalid];
    else if (earlier !== undefined) [outcome, text] = ['duplicate', T.outcome.duplicate(earlier)];
    else {
      firstLine.set(email, line);
      // An address that left and signed up again on its own is on the list: its state there wins.
      outcome = known.get(email) ?? (leavers.has(email) ? 'left' : 'new');
      text = T.outcome[outcome as Exclude<ImportOutcome, 'invalid' | 'duplicate'>];
    }
    return { line, email: outcome === 'invalid' ? email.slice(0, 254) : email, outcome, message: T.line(line, text) };
  });
}

const newToken = () => crypto.randomBytes(32).toString('base64url');

/**
 * Adds the lines classified 'new' in one transaction: each row pending, each confirmation mail queued in
 * the same transaction (it exists if and only if the row does). An address added meanwhile by someone
 * else (ON CONFLICT DO NOTHING) is reported as already pending, and mailed nothing more.
 */
export async function addPending(deps: { db: DB; mailer: Mailer; siteUrl: string }, lines: ImportLine[], now: string): Promise<ImportLine[]> {
  const siteName = await associationName(deps.db);
  const result = await deps.db.transaction().execute(async (trx) => {
    const out: ImportLine[] = [];
    for (const line of lines) {
      if (line.outcome !== 'new') {
        out.push(line);
        continue;
      }
      const confirmToken = newToken();
      const unsubscribeToken = newToken();
      const inserted = await trx
        .insertInto('newsletterSubscriptions')
        .values({ email: line.email, createdAt: now, confirmedAt: null, confirmTokenHash: hashToken(confirmToken), unsubscribeTokenHash: hashToken(unsubscribeToken) })
        .onConflict((oc) => oc.column('email').doNothing())
        .returning('id')
        .execute();
      if (!inserted.length) {
        out.push({ ...line, outcome: 'pending', message: T.line(line.line, T.outcome.pending) });
        continue;
      }
      await deps.mailer.send(confirmationMail(deps.siteUrl, line.email, confirmToken, unsubscribeToken, siteName), trx);
      out.push({ ...line, outcome: 'added', message: T.line(line.line, T.outcome.added) });
    }
    return out;
  });
  deps.mailer.nudge?.();
  return result;
}

export function report(lines: ImportLine[], done: boolean): ImportReport {
  const accepted = lines.filter((l) => l.outcome === (done ? 'added' : 'new')).length;
  const refused = lines.length - accepted;
  const message = done ? T.imported(accepted) : accepted ? T.summary(accepted, refused) : T.nothingToImport;
  return { lines, accepted, refused, message };
}
