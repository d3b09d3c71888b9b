/**
 * Database constraint failures, recognised on both dialects: PostgreSQL answers SQLSTATE codes,
 * better-sqlite3 its own extended codes. Used to turn a lost race into a French 4xx instead of a 500.
 */
function codeOf(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : undefined;
}

export const isUniqueViolation = (error: unknown) => ['23505', 'SQLITE_CONSTRAINT_UNIQUE'].includes(codeOf(error) ?? '');

export const isForeignKeyViolation = (error: unknown) =>
  ['23503', 'SQLITE_CONSTRAINT_FOREIGNKEY'].includes(codeOf(error) ?? '');
