import type { z } from 'zod';
import { texts } from '../texts.ts';

/**
 * PostgreSQL text columns cannot hold the NUL character: a body carrying one would fail in the
 * database with a 500. Schemas of stored texts refuse it up front with a 400 instead.
 */
export const withoutNul = <T extends z.ZodType<string | null | undefined>>(schema: T): T =>
  schema.refine((value) => typeof value !== 'string' || !value.includes('\u0000'), texts.api.invalidBody);

/** Largest value of a PostgreSQL `integer` (ids, positions): beyond it the database would fail. */
export const MAX_INT4 = 2_147_483_647;
