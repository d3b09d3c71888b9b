import { sql, type Kysely } from 'kysely';
import type { Bilan, BilanPerformance } from '@bande/shared';
import type { Database } from '../../db/schema.ts';
import { audienceFigures } from '../audience/figures.ts';
import { parisMidnight, periodDays, type Period } from './period.ts';
import { townOf } from './town.ts';

/**
 * The Bilan's figures (issue 36), aggregated by the database (one GROUP BY per table, never a loop over
 * the bookings), from what the retention rule keeps: seats, statuses, sources and the door's counts,
 * never a name, an address or a phone (erased after RESERVATION_RETENTION_DAYS).
 *
 * What the tables cannot tell (see docs/bilan.md): the waiting list's history is not kept (a row moves
 * waiting → offered → confirmed | expired and forgets its offer), so `waitingPeak` is the parties waiting
 * now (a floor of the peak), `offersTaken` and `offersLapsed` are 0 (the smallest change that gives
 * them, migration 030: `offered_at` and `waiting_ended_at` on reservations, is proposed there); unsubscribes through the site's link leave no trace, so a letter's `unsubscribes` counts the
 * relays' reported unsubscribes (bounce events of kind 'unsubscribe') within 7 days of its sending.
 */

/** How long after a letter's sending an unsubscribe is credited to it. */
const UNSUBSCRIBE_WINDOW_MS = 7 * 86_400_000;

const ref = (column: string) => sql.ref(column);
const total = (expression: ReturnType<typeof sql>) => sql<number | string>`coalesce(sum(${expression}), 0)`;

/** One row per performance of the period with its seat counts, summed by the database. */
async function seatCounts(db: Kysely<Database>, period: Period) {
  const seats = ref('reservations.seats');
  const arrived = sql`coalesce(${ref('reservations.checkedInSeats')}, 0)`;
  const status = ref('reservations.status');
  const source = ref('reservations.source');
  return db
    .selectFrom('reservations')
    .innerJoin('performances', 'performances.id', 'reservations.performanceId')
    .where('performances.date', '>=', period.start)
    .where('performances.date', '<', period.end)
    .groupBy('reservations.performanceId')
    .select([
      'reservations.performanceId',
      total(sql`case when ${source} <> 'door' then ${seats} else 0 end`).as('booked'),
      total(sql`case when ${source} <> 'door' and ${status} = 'confirmed' then ${seats} else 0 end`).as('confirmed'),
      total(sql`case when ${status} in ('pending', 'confirmed', 'offered') then ${arrived} else 0 end`).as('arrived'),
      total(sql`case when ${source} = 'door' and ${status} = 'confirmed' then ${seats} else 0 end`).as('walkIns'),
      total(sql`case when ${source} <> 'door' and ${status} = 'confirmed' then ${seats} - ${arrived} else 0 end`).as('notArrived'),
      total(sql`case when ${status} = 'waiting' then 1 else 0 end`).as('waiting'),
    ])
    .execute();
}

async function performanceFigures(db: Kysely<Database>, period: Period, now: Date, pageViewsByPath: Map<string, number>, dialogsByPerformance: Map<number, number>): Promise<BilanPerformance[]> {
  const [performances, counts] = await Promise.all([
    db
      .selectFrom('performances')
      .innerJoin('shows', 'shows.id', 'performances.showId')
      .select(['performances.id', 'performances.showId', 'performances.date', 'performances.venueName', 'performances.address', 'performances.capacity', 'shows.name', 'shows.slug'])
      .where('performances.date', '>=', period.start)
      .where('performances.date', '<', period.end)
      .orderBy('performances.date')
      .orderBy('performances.id')
      .execute(),
    seatCounts(db, period),
  ]);
  const byPerformance = new Map(counts.map((c) => [c.performanceId, c]));
  return performances.map((p) => {
    const c = byPerformance.get(p.id);
    const n = (value: number | string | undefined) => Number(value ?? 0);
    const seatsArrived = n(c?.arrived);
    const past = Date.parse(p.date) < now.getTime();
    return {
      performanceId: p.id,
      showId: p.showId,
      showName: p.name,
      date: p.date,
      venueName: p.venueName,
      town: townOf(p.address),
      capacity: p.capacity,
      showPageViews: pageViewsByPath.get(`/show/${p.slug}`) ?? 0,
      dialogsOpened: dialogsByPerformance.get(p.id) ?? 0,
      seatsBooked: n(c?.booked),
      seatsConfirmed: n(c?.confirmed),
      seatsArrived,
      walkIns: n(c?.walkIns),
      noShows: past ? Math.max(0, n(c?.notArrived)) : 0,
      fillRate: p.capacity ? seatsArrived / p.capacity : null,
      waitingPeak: n(c?.waiting),
      // Not stored: an offer's row forgets it was offered once confirmed or expired (docs/bilan.md).
      offersTaken: 0,
      offersLapsed: 0,
    };
  });
}

async function newsletterFigures(db: Kysely<Database>, period: Period, days: string[]): Promise<Bilan['newsletter']> {
  const endOf = (i: number) => (i + 1 < days.length ? parisMidnight(days[i + 1]!) : period.end);
  // Confirmed subscribers before the period, then the confirmations of each Paris day of it (timestamps only).
  const [before, confirmations, letters] = await Promise.all([
    db.selectFrom('newsletterSubscriptions').select((eb) => eb.fn.countAll<number | string>().as('n')).where('confirmedAt', '<', period.start).executeTakeFirstOrThrow(),
    db.selectFrom('newsletterSubscriptions').select('confirmedAt').where('confirmedAt', '>=', period.start).where('confirmedAt', '<', period.end).orderBy('confirmedAt').execute(),
    db
      .selectFrom('campaigns')
      .leftJoin('campaignRecipients', (join) => join.onRef('campaignRecipients.campaignId', '=', 'campaigns.id').on('campaignRecipients.status', '=', 'sent'))
      .select(['campaigns.id', 'campaigns.subject', 'campaigns.sentAt', 'campaigns.startedAt', (eb) => eb.fn.count<number | string>('campaignRecipients.id').as('sent')])
      .where('campaigns.status', 'in', ['sending', 'sent'])
      .where('campaigns.startedAt', '>=', period.start)
      .where('campaigns.startedAt', '<', period.end)
      .groupBy(['campaigns.id', 'campaigns.subject', 'campaigns.sentAt', 'campaigns.startedAt'])
      .orderBy('campaigns.startedAt')
      .execute(),
  ]);
  let subscribers = Number(before.n);
  let next = 0;
  const subscribersPerDay = days.map((day, i) => {
    const end = endOf(i);
    while (next < confirmations.length && confirmations[next]!.confirmedAt! < end) {
      subscribers++;
      next++;
    }
    return { day, subscribers };
  });
  const leavers = letters.length
    ? await db
        .selectFrom('bounceEvents')
        .select(['campaignId', 'occurredAt'])
        .where('kind', '=', 'unsubscribe')
        .where(
          'campaignId',
          'in',
          letters.map((l) => l.id),
        )
        .execute()
    : [];
  return {
    subscribersPerDay,
    newSubscribers: confirmations.length,
    letters: letters.map((l) => {
      const sentAt = l.sentAt ?? l.startedAt!;
      const from = Date.parse(l.startedAt!);
      const until = Date.parse(sentAt) + UNSUBSCRIBE_WINDOW_MS;
      const unsubscribes = leavers.filter((e) => e.campaignId === l.id && Date.parse(e.occurredAt) >= from && Date.parse(e.occurredAt) < until).length;
      return { id: l.id, subject: l.subject, sentAt, sent: Number(l.sent), unsubscribes };
    }),
  };
}

function totalsOf(performances: BilanPerformance[], newsletter: Bilan['newsletter']): Bilan['totals'] {
  const rates = performances.map((p) => p.fillRate).filter((rate): rate is number => rate !== null);
  const sum = (pick: (p: BilanPerformance) => number) => performances.reduce((acc, p) => acc + pick(p), 0);
  const distinct = (values: (string | null)[]) => [...new Set(values.filter((v): v is string => v !== null && v !== ''))];
  return {
    performances: performances.length,
    shows: new Set(performances.map((p) => p.showId)).size,
    venues: distinct(performances.map((p) => p.venueName)).length,
    towns: distinct(performances.map((p) => p.town)).sort((a, b) => a.localeCompare(b, 'fr')),
    spectators: sum((p) => p.seatsArrived),
    seatsBooked: sum((p) => p.seatsBooked),
    averageFillRate: rates.length ? rates.reduce((a, b) => a + b, 0) / rates.length : null,
    newSubscribers: newsletter.newSubscribers,
    lettersSent: newsletter.letters.length,
  };
}

/** The whole Bilan of a period. */
export async function bilanFigures(db: Kysely<Database>, period: Period, now: Date): Promise<Bilan> {
  const days = periodDays(period.from, period.to);
  const audience = await audienceFigures(db, period.from, period.to);
  const [performances, newsletter] = await Promise.all([performanceFigures(db, period, now, audience.pageViewsByPath, audience.dialogsByPerformance), newsletterFigures(db, period, days)]);
  return { from: period.from, to: period.to, audience: audience.audience, performances, newsletter, totals: totalsOf(performances, newsletter) };
}
