import { z } from '../zod.ts';
import { texts } from '../texts.ts';
import { LIMITS, SHOW_TYPES } from '../constants.ts';
import { optionalMediaUrl, optionalText, optionalUrl, requiredText } from './common.ts';
import { MAX_INT4 } from './text-guards.ts';
import { parseParisIso } from '../format/paris-clock.ts';
import { capacitySchema, reservationTexts } from './reservations.ts';
import { checkScheduleOrder, scheduleInputShape, scheduleOutputShape } from './schedule.ts';

/** PostgreSQL text cannot hold NUL: the show's many nested texts are checked in one walk (see text-guards.ts). */
function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(containsNul);
  if (value && typeof value === 'object') return Object.values(value).some(containsNul);
  return false;
}

export const showNotFound = 'Spectacle introuvable';
export const performanceNotFound = 'Représentation introuvable';
export const creditMemberUnknown = (ids: number[]) =>
  `Membre introuvable dans les crédits (identifiant ${ids.join(', ')}) : il a peut-être été supprimé`;

export const showTypeSchema = z.enum(SHOW_TYPES, { error: `Type de spectacle inconnu (${SHOW_TYPES.join(', ')})` });

export const bookSchema = z.object({
  name: z.string(),
  type: z.string().nullable(),
  description: z.string().nullable(),
  note: z.string().nullable(),
  photo: z.string().nullable(),
});
export type Book = z.infer<typeof bookSchema>;

export const authorSchema = z.object({
  name: z.string(),
  date: z.string().nullable(),
  description: z.string().nullable(),
  photo: z.string().nullable(),
});
export type Author = z.infer<typeof authorSchema>;

const nameOrBlank = z.string().trim().max(300).nullish();

/** Enabled-but-unnamed book or author is sent as null (spec section 5); a blank name also becomes null. */
export const bookInputSchema = z
  .object({ name: nameOrBlank, type: optionalText(200), description: optionalText(), note: optionalText(), photo: optionalMediaUrl })
  .nullish()
  .transform((book) => (book?.name ? { ...book, name: book.name } : null));

export const authorInputSchema = z
  .object({ name: nameOrBlank, date: optionalText(100), description: optionalText(), photo: optionalMediaUrl })
  .nullish()
  .transform((author) => (author?.name ? { ...author, name: author.name } : null));

/**
 * A date the server can read; stored as ISO 8601 (UTC, with its 'Z' offset). It must start like an ISO
 * date: Date.parse alone accepts loose texts such as '1' or 'mars 3' and would store a surprise date.
 * Without an offset ('2026-03-03T20:30') it is Paris time, not the server's (parseParisIso).
 */
const performanceDate = z
  .string()
  .trim()
  .max(64)
  .nullish()
  .refine((value) => !value || (/^\d{4}-\d{2}-\d{2}/.test(value) && !Number.isNaN(parseParisIso(value))), 'Date de représentation invalide');

/**
 * `id`: the performance's own, sent back when the show is saved so that it keeps its id (and its
 * reservations); without one, a new performance. `capacity`: seats bookable on the site; null: none;
 * absent: the current capacity for a known id, else the default capacity of the venue it names.
 */
export const performanceInputSchema = z
  .object({
    id: z.number().int().positive().max(MAX_INT4).optional(),
    date: performanceDate,
    address: z.string().trim().max(500).nullish(),
    venueName: optionalText(200),
    bookingLink: optionalUrl,
    capacity: capacitySchema.nullish(),
  })
  .refine((p) => !(p.capacity != null && p.bookingLink), { path: ['capacity'], message: reservationTexts.capacityWithBookingLink });
export type PerformanceInput = z.input<typeof performanceInputSchema>;

export const creditMemberInputSchema = z.object({
  memberId: z.coerce.number().int().positive().max(MAX_INT4),
  role: optionalText(200),
});

export const creditInputSchema = z.object({
  category: z.string().trim().max(200).nullish(),
  members: z.array(creditMemberInputSchema).max(50).default([]),
});
export type CreditInput = z.input<typeof creditInputSchema>;

/**
 * The show form's payload. PUT replaces the whole show: an omitted book/author means none.
 * Blank credit categories and performances without a date or an address are dropped on save.
 */
export const showInputSchema = z
  .object({
    name: requiredText(200),
    type: showTypeSchema,
    year: requiredText(20),
    pitch: requiredText(5000),
    note: requiredText(10_000),
    quote: optionalText(2000),
    remerciement: optionalText(5000),
    photo: optionalMediaUrl,
    isFeatured: z.boolean().optional(),
    published: z.boolean().optional(),
    /** Only on PUT: make a new slug from the (new) name; otherwise the slug stays stable. */
    regenerateSlug: z.boolean().optional(),
    book: bookInputSchema,
    author: authorInputSchema,
    performances: z
      .array(performanceInputSchema)
      .max(200)
      .default([])
      .transform((list) =>
        list
          .filter((p) => p.date && p.address && p.address.trim() !== '')
          .map((p) => ({ ...p, date: new Date(parseParisIso(p.date!)).toISOString(), address: p.address!.trim() })),
      ),
    credits: z
      .array(creditInputSchema)
      .max(50)
      .default([])
      .transform((list) => list.filter((c) => c.category && c.category.trim() !== '').map((c) => ({ ...c, category: c.category!.trim() })))
      .refine((list) => list.length <= LIMITS.maxCreditCategories, texts.validation.maxCreditCategories),
    ...scheduleInputShape,
  })
  .refine((show) => !containsNul(show), texts.api.invalidBody)
  .superRefine(checkScheduleOrder);
export type ShowInput = z.input<typeof showInputSchema>;
export type ShowInputParsed = z.output<typeof showInputSchema>;

export const performanceSchema = z.object({
  id: z.number(),
  date: z.string(),
  address: z.string(),
  venueName: z.string().nullable(),
  bookingLink: z.string().nullable(),
  /** Seats bookable on the site, null when none (see takesReservations). */
  capacity: z.number().nullable(),
});
export type Performance = z.infer<typeof performanceSchema>;

export const creditMemberSchema = z.object({
  memberId: z.number(),
  /** The member's role in this show (falls back to the member's own role). */
  role: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  photo: z.string().nullable(),
  published: z.boolean(),
});
export const creditSchema = z.object({ id: z.number(), category: z.string(), members: z.array(creditMemberSchema) });
export type Credit = z.infer<typeof creditSchema>;

export const showSchema = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  type: z.string(),
  pitch: z.string(),
  quote: z.string().nullable(),
  note: z.string(),
  remerciement: z.string().nullable(),
  year: z.string(),
  photo: z.string().nullable(),
  isFeatured: z.boolean(),
  published: z.boolean(),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  ...scheduleOutputShape,
  book: bookSchema.nullable(),
  author: authorSchema.nullable(),
  performances: z.array(performanceSchema),
  credits: z.array(creditSchema),
});
export type Show = z.infer<typeof showSchema>;

/** A show in lists (GET /api/shows): no long texts, no credits; performances sorted by date. */
export const showSummarySchema = showSchema.pick({
  id: true,
  slug: true,
  name: true,
  type: true,
  pitch: true,
  year: true,
  photo: true,
  isFeatured: true,
  published: true,
  performances: true,
  publishAt: true,
  unpublishAt: true,
});
export type ShowSummary = z.infer<typeof showSummarySchema>;

export const showsQuerySchema = z.object({
  published: z.enum(['true', 'false']).optional(),
  isFeatured: z.enum(['true', 'false']).optional(),
});

export const featuredInputSchema = z.object({ isFeatured: z.boolean({ error: 'isFeatured doit être vrai ou faux' }) });
