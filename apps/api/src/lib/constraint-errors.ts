/**
 * Database constraint failures, recognised on both dialects and both SQLite drivers: PostgreSQL answers
 * SQLSTATE codes, better-sqlite3 SQLite's extended result code by name (`code`), node:sqlite (Node 24)
 * the same extended code as a number (`errcode`). Used to turn a lost race into a French 4xx instead of a 500.
 */
function codeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { errcode } = error as { errcode?: unknown };
  if (typeof errcode === 'number') return SQLITE_EXTENDED_CODES[errcode];
  return 'code' in error ? String((error as { code: unknown }).code) : undefined;
}

/** The extended result codes used below (sqlite.org/rescode.html), named as better-sqlite3 names them. */
const SQLITE_EXTENDED_CODES: Record<number, string> = {
  787: 'SQLITE_CONSTRAINT_FOREIGNKEY',
  2067: 'SQLITE_CONSTRAINT_UNIQUE',
};

export const isUniqueViolation = (error: unknown) => ['23505', 'SQLITE_CONSTRAINT_UNIQUE'].includes(codeOf(error) ?? '');

export const isForeignKeyViolation = (error: unknown) =>
  ['23503', 'SQLITE_CONSTRAINT_FOREIGNKEY'].includes(codeOf(error) ?? '');
