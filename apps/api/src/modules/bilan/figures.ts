import { sql, type Kysely } from 'kysely';
import type { Bilan, BilanPerformance } from '@bande/shared';
import type { Database } from '../../db/schema.ts';
import { audienceFigures } from '../audience/figures.ts';
import { statsOf } from '../campaigns/campaigns.service.ts';
import { parisMidnight, periodDays, type Period } from './period.ts';
import { townOf } from './town.ts';

/**
 * The Bilan's figures (issue 36), aggregated by the database (one GROUP BY per table, never a loop over
 * the bookings), from what the retention rule keeps: seats, statuses, sources and the door's counts,
 * never a name, an address or a phone (erased after RESERVATION_RETENTION_DAYS).
 *
 * The waiting list's history is kept since migration 032: `waitingPeak` is the most parties ever waiting
 * at once (`performances.waiting_peak`, kept by a trigger), an offer taken is a row whose offer was
 * confirmed (`offer_taken_at`), an offer lapsed one offered, never taken, and expired (an offer declined is
 * neither). Rows from before that version count as never offered (docs/bilan.md). A letter's `unsubscribes`
 * counts its recipients who left within 7 days of receiving it, by a link or as their relay reported
 * (`campaign_recipients.unsubscribed_at`), the count the « Lettres » tab shows.
 */

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
      total(sql`case when ${ref('reservations.offerTakenAt')} is not null then 1 else 0 end`).as('offersTaken'),
      total(sql`case when ${ref('reservations.offeredAt')} is not null and ${ref('reservations.offerTakenAt')} is null and ${status} = 'expired' then 1 else 0 end`).as('offersLapsed'),
    ])
    .execute();
}

async function performanceFigures(db: Kysely<Database>, period: Period, now: Date, pageViewsByPath: Map<string, number>, dialogsByPerformance: Map<number, number>): Promise<BilanPerformance[]> {
  const [performances, counts] = await Promise.all([
    db
      .selectFrom('performances')
      .innerJoin('shows', 'shows.id', 'performances.showId')
      .select(['performances.id', 'performances.showId', 'performances.date', 'performances.venueName', 'performances.address', 'performances.capacity', 'performances.waitingPeak', 'shows.name', 'shows.slug'])
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
      waitingPeak: p.waitingPeak,
      offersTaken: n(c?.offersTaken),
      offersLapsed: n(c?.offersLapsed),
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
  // The same count as the letters' own « Désinscrits sous 7 jours » (one rule, campaigns.service.ts).
  const stats = await statsOf(db, letters.map((l) => l.id));
  return {
    subscribersPerDay,
    newSubscribers: confirmations.length,
    letters: letters.map((l) => ({ id: l.id, subject: l.subject, sentAt: l.sentAt ?? l.startedAt!, sent: Number(l.sent), unsubscribes: stats.get(l.id)?.unsubscribed ?? 0 })),
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
