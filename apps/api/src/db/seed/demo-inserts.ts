import crypto from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from '../schema.ts';
import { toFlag } from '../../lib/clock.ts';
import { demoMembers, demoPartners, demoVenues } from './demo-people.ts';
import { demoShows } from './demo-shows.ts';
import { demoCardConfig, demoGallery, demoLegalSettings, demoOrigins } from './demo-story.ts';
import { parisDateTime } from '@bande/shared/format/paris-clock';
import { DEFAULT_SITE_CONTENT } from '@bande/shared/site-content-defaults';

/** The rows of the demo content, written inside the caller's transaction. */

type Trx = Transaction<Database>;
type AssetUrl = (file: string) => string;
const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (now: Date, days: number) => new Date(now.getTime() - days * DAY).toISOString();

export async function insertDemoContent(trx: Trx, now: Date, asset: AssetUrl): Promise<void> {
  const memberIds = await insertMembers(trx, now, asset);
  const venues = await insertVenues(trx, now);
  await insertShows(trx, now, asset, memberIds, venues);
  await insertStory(trx, now, asset);
}
async function insertMembers(trx: Trx, now: Date, asset: AssetUrl): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const m of demoMembers) {
    const at = daysAgo(now, m.joinedDaysAgo);
    const row = await trx
      .insertInto('members')
      .values({
        documentId: crypto.randomUUID(),
        firstName: m.firstName,
        lastName: m.lastName,
        role: m.role,
        note: m.note,
        photo: asset(m.photo),
        published: toFlag(m.published),
        publishedAt: m.published ? at : null,
        createdAt: at,
        updatedAt: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.set(m.key, row.id);
  }
  return ids;
}

async function insertVenues(trx: Trx, now: Date): Promise<Map<string, { name: string; address: string }>> {
  const at = daysAgo(now, 800);
  await trx
    .insertInto('venues')
    .values(demoVenues.map((v) => ({ name: v.name, address: v.address, createdAt: at, updatedAt: at })))
    .execute();
  return new Map(demoVenues.map((v) => [v.key, v]));
}

async function insertShows(trx: Trx, now: Date, asset: AssetUrl, memberIds: Map<string, number>, venues: Map<string, { name: string; address: string }>) {
  for (const [index, s] of demoShows.entries()) {
    const at = daysAgo(now, 600 - index * 90);
    const { id } = await trx
      .insertInto('shows')
      .values({
        slug: s.slug,
        name: s.name,
        type: s.type,
        pitch: s.pitch,
        quote: s.quote,
        note: s.note,
        remerciement: s.remerciement,
        year: s.year,
        photo: asset(s.photo),
        isFeatured: toFlag(s.isFeatured),
        published: toFlag(s.published),
        publishedAt: s.published ? at : null,
        book: s.book && JSON.stringify({ ...s.book, photo: asset(s.book.photo) }),
        author: s.author && JSON.stringify({ ...s.author, photo: asset(s.author.photo) }),
        createdAt: at,
        updatedAt: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (s.performances.length > 0) {
      await trx
        .insertInto('performances')
        .values(
          s.performances.map((p) => {
            const venue = typeof p.venue === 'string' ? venues.get(p.venue)! : { name: null, address: p.venue.address };
            return { showId: id, date: parisDateTime(now, p.days, ...p.time), address: venue.address, venueName: venue.name, bookingLink: p.bookingLink };
          }),
        )
        .execute();
    }
    for (const [position, [category, members]] of s.credits.entries()) {
      const credit = await trx.insertInto('credits').values({ showId: id, category, position }).returning('id').executeTakeFirstOrThrow();
      await trx
        .insertInto('creditMembers')
        .values(members.map(([key, role], i) => ({ creditId: credit.id, memberId: memberIds.get(key)!, role, position: i })))
        .execute();
    }
  }
}

async function insertStory(trx: Trx, now: Date, asset: AssetUrl) {
  const at = daysAgo(now, 30);
  await trx
    .insertInto('partners')
    .values(demoPartners.map((p) => ({ title: p.title, description: p.description, logo: asset(p.logo), link: p.link, published: toFlag(p.published), createdAt: at, updatedAt: at })))
    .execute();
  await trx
    .insertInto('galleryItems')
    .values(
      demoGallery.map((g, position) => ({
        type: g.type,
        url: g.type === 'youtube' ? g.file : asset(g.file),
        thumbnail: g.thumbnail && asset(g.thumbnail),
        title: g.title,
        description: g.description,
        published: toFlag(g.published),
        position,
        createdAt: at,
        updatedAt: at,
      })),
    )
    .execute();
  for (const [index, c] of demoOrigins.entries()) {
    const { id } = await trx
      .insertInto('originCategories')
      .values({ title: c.title, description: c.description, position: index + 1, published: 1, createdAt: at, updatedAt: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('originEvents')
      .values(c.events.map((e) => ({ categoryId: id, title: e.title, date: e.date, description: e.description, published: toFlag(e.published), createdAt: at, updatedAt: at })))
      .execute();
  }
  // An administrator's own card settings, saved before any content existed, are kept.
  await trx
    .insertInto('cardConfig')
    .values({ id: 1, ...demoCardConfig, isEnabled: toFlag(demoCardConfig.isEnabled), updatedAt: at })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  // Likewise for legal details saved before the demo content.
  await trx
    .insertInto('legalSettings')
    .values({ id: 1, ...demoLegalSettings, updatedAt: at })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  // And for the site's texts: the demo's are the defaults, saved so that a backup holds them.
  await trx
    .insertInto('siteContent')
    .values({ id: 1, content: JSON.stringify(DEFAULT_SITE_CONTENT), updatedAt: at })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}
