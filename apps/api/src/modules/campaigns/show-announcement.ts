import { campaignTexts, formatPerformanceDate, frenchTypography, scheduleInstant } from '@bande/shared';
import type { DB } from '../../db/connection.ts';
import { ownUpload } from './campaign-mail.ts';

/** What « Annoncer ce spectacle » puts in a new letter: everything stays editable before it is sent. */
export interface ShowAnnouncement {
  subject: string;
  body: string;
}

/** A show's name or a venue as Markdown text: its brackets and emphasis marks are not read as syntax. */
const literal = (text: string) => text.replace(/[\\`*_[\]<>!#|]/g, (c) => `\\${c}`);

/**
 * A letter announcing a published show (issue 34): its photo at the top (one of the site's uploads,
 * else none), its pitch, its performances still to come, soonest first, each with its booking link
 * (the performance's own when it is a web address, else the show's page on the site, where a seat is
 * booked), and a link to that page. Answers null for a show that does not exist or is not published
 * (its page would be a 404 for the subscribers).
 */
export async function showAnnouncement(db: DB, siteUrl: string, now: Date, showId: number): Promise<ShowAnnouncement | null> {
  const show = await db.selectFrom('shows').select(['name', 'slug', 'pitch', 'photo']).where('id', '=', showId).where('published', '=', 1).executeTakeFirst();
  if (!show) return null;
  const page = `${siteUrl}/show/${encodeURIComponent(show.slug)}`;
  const performances = (await db.selectFrom('performances').select(['date', 'venueName', 'address', 'bookingLink']).where('showId', '=', showId).execute())
    .map((p) => ({ p, at: scheduleInstant(p.date) }))
    .filter(({ at }) => !Number.isNaN(at) && at >= now.getTime())
    .sort((a, b) => a.at - b.at)
    .map(({ p }) => {
      const venue = [p.venueName, p.address].filter(Boolean).join(', ');
      const booking = p.bookingLink && /^https?:\/\//i.test(p.bookingLink) ? p.bookingLink : page;
      return `- **${literal(formatPerformanceDate(p.date))}**${venue ? ` — ${literal(venue)}` : ''}\u00a0: [${campaignTexts.reserve}](<${booking}>)`;
    });
  const photo = show.photo ? ownUpload(show.photo, siteUrl) : null;
  const blocks = [
    photo ? `![${literal(show.name)}](${photo.slice(siteUrl.length)})` : null,
    frenchTypography(show.pitch.trim()) || null,
    performances.length ? `## ${campaignTexts.upcomingTitle}\n\n${performances.join('\n')}` : null,
    `[${campaignTexts.seeShow}](<${page}>)`,
  ];
  return {
    subject: frenchTypography(`${campaignTexts.announceSubject} « ${show.name} »`).slice(0, 200),
    body: blocks.filter(Boolean).join('\n\n'),
  };
}
