import type { Selectable } from 'kysely';
import {
  authorSchema,
  bookSchema,
  type Author,
  type Book,
  type Credit,
  type Performance,
  type Show,
  type ShowInputParsed,
  type ShowSummary,
} from '@bande/shared';
import type { PerformancesTable, ShowsTable } from '../../db/schema.ts';
import { toBool } from '../../lib/clock.ts';
import { fullNameOf } from '../members/members.mapper.ts';

/** Rows <-> API objects for shows, in one place: flags to booleans, book and author JSON text to objects. */

export type ShowRow = Selectable<ShowsTable>;
export type PerformanceRow = Selectable<PerformancesTable>;

export interface CreditRow {
  id: number;
  category: string;
}

export interface CreditMemberRow {
  creditId: number;
  memberId: number;
  creditRole: string | null;
  memberRole: string;
  firstName: string;
  lastName: string;
  photo: string | null;
  published: number;
}

/** A stored JSON text that does not parse or no longer fits its schema reads as "none" rather than a 500. */
function parseStored<T>(text: string | null, schema: { safeParse(value: unknown): { success: boolean; data?: T } }): T | null {
  if (!text) return null;
  try {
    const result = schema.safeParse(JSON.parse(text));
    return result.success ? (result.data ?? null) : null;
  } catch {
    return null;
  }
}

export function bookToText(book: ShowInputParsed['book']): string | null {
  if (!book) return null;
  const stored: Book = { name: book.name, type: book.type ?? null, description: book.description ?? null, note: book.note ?? null, photo: book.photo ?? null };
  return JSON.stringify(stored);
}

export function authorToText(author: ShowInputParsed['author']): string | null {
  if (!author) return null;
  const stored: Author = { name: author.name, date: author.date ?? null, description: author.description ?? null, photo: author.photo ?? null };
  return JSON.stringify(stored);
}

export function toPerformance(row: PerformanceRow): Performance {
  return { id: row.id, date: row.date, address: row.address, venueName: row.venueName, bookingLink: row.bookingLink, capacity: row.capacity };
}

/** Credits in their saved order; a credit without its own role shows the member's role. */
export function toCredits(credits: CreditRow[], members: CreditMemberRow[]): Credit[] {
  return credits.map((credit) => ({
    id: credit.id,
    category: credit.category,
    members: members
      .filter((member) => member.creditId === credit.id)
      .map((member) => ({
        memberId: member.memberId,
        role: member.creditRole ?? member.memberRole,
        firstName: member.firstName,
        lastName: member.lastName,
        fullName: fullNameOf(member),
        photo: member.photo,
        published: toBool(member.published),
      })),
  }));
}

export function toSummary(row: ShowRow, performances: PerformanceRow[]): ShowSummary {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    type: row.type,
    pitch: row.pitch,
    year: row.year,
    photo: row.photo,
    isFeatured: toBool(row.isFeatured),
    published: toBool(row.published),
    performances: performances.map(toPerformance),
    publishAt: row.publishAt,
    unpublishAt: row.unpublishAt,
  };
}

export function toShow(row: ShowRow, performances: PerformanceRow[], credits: Credit[]): Show {
  return {
    ...toSummary(row, performances),
    quote: row.quote,
    note: row.note,
    remerciement: row.remerciement,
    publishedAt: row.publishedAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    book: parseStored<Book>(row.book, bookSchema),
    author: parseStored<Author>(row.author, authorSchema),
    credits,
  };
}

/** Every picture a show page displays (photo, book cover, author portrait, credited members' portraits). */
export function showImageUrls(show: Show): (string | null)[] {
  return [show.photo, show.book?.photo ?? null, show.author?.photo ?? null, ...show.credits.flatMap((credit) => credit.members.map((member) => member.photo))];
}
