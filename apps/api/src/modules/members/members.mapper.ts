import type { Member, PublicMember } from '@bande/shared';
import type { MemberRow } from '../../db/schema.ts';
import { toBool } from '../../lib/clock.ts';

export const fullNameOf = (member: { firstName: string; lastName: string }) => `${member.firstName} ${member.lastName}`;

/** Database row -> API member: flags become booleans, the full name is computed, never stored. */
export function toMember(row: MemberRow): Member {
  return {
    id: row.id,
    documentId: row.documentId,
    firstName: row.firstName,
    lastName: row.lastName,
    fullName: fullNameOf(row),
    role: row.role,
    note: row.note,
    photo: row.photo,
    published: toBool(row.published),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    publishedAt: row.publishedAt,
    publishAt: row.publishAt,
    unpublishAt: row.unpublishAt,
  };
}

export function toPublicMember(member: Member): PublicMember {
  const { id, firstName, lastName, fullName, role, note, photo } = member;
  return { id, firstName, lastName, fullName, role, note, photo };
}

/*
 * French alphabetical order (Émilie next to Emma, not after Zoé). Sorted here rather than in SQL
 * because SQLite compares bytes and PostgreSQL follows its server locale: the site must not change
 * order with the database.
 */
const collator = new Intl.Collator('fr', { sensitivity: 'base', numeric: true });

export function byLastThenFirstName(a: MemberRow, b: MemberRow): number {
  return collator.compare(a.lastName, b.lastName) || collator.compare(a.firstName, b.firstName) || a.id - b.id;
}
