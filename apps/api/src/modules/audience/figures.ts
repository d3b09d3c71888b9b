import type { Kysely } from 'kysely';
import type { Bilan } from '@bande/shared/schemas/bilan';
import type { Database } from '../../db/schema.ts';
import { addDays } from './paris-day.ts';

export interface AudienceFigures {
  audience: Bilan['audience'];
  /** Page views per path over the period (the funnel's show page views). */
  pageViewsByPath: Map<string, number>;
  /** Booking dialogs opened per performance over the period. */
  dialogsByPerformance: Map<number, number>;
}

/** Lists are cut here: the tab shows the first ones; the path map stays whole for the funnel. */
const TOP = 20;
/** At most this many days in `perDay` (a little over 25 months, what is kept). */
const MAX_DAYS = 800;

/**
 * The audience of a period of Paris days (`from` and `to` included) from the daily counts, with the
 * visitors of days not yet aggregated (today's) counted from their raw rows. Visitors over a period are
 * the sum of each day's unique visitors: with a key that changes every day, nobody can tell whether
 * Monday's visitor came back on Tuesday (on purpose).
 */
export async function audienceFigures(db: Kysely<Database>, from: string, to: string): Promise<AudienceFigures> {
  const counts = db.selectFrom('audienceCounts').where('day', '>=', from).where('day', '<=', to);
  const views = counts.where('kind', '=', 'view');
  const [perDayViews, days, rawVisitors, paths, referrers, campaigns, devices, dialogs] = await Promise.all([
    views.select((eb) => ['day', eb.fn.sum<number>('views').as('views')]).groupBy('day').execute(),
    db.selectFrom('audienceDays').select(['day', 'visitors']).where('day', '>=', from).where('day', '<=', to).execute(),
    db.selectFrom('audienceVisitors').select((eb) => ['day', eb.fn.countAll<number>().as('visitors')]).where('day', '>=', from).where('day', '<=', to).groupBy('day').execute(),
    views.select((eb) => ['path', eb.fn.sum<number>('views').as('views')]).groupBy('path').execute(),
    views
      .where('referrer', '<>', '')
      .select((eb) => ['referrer', eb.fn.sum<number>('views').as('views')])
      .groupBy('referrer')
      .orderBy('views', 'desc')
      .orderBy('referrer')
      .limit(TOP)
      .execute(),
    views
      .where('utmSource', '<>', '')
      .select((eb) => ['utmSource', 'utmCampaign', eb.fn.sum<number>('views').as('views')])
      .groupBy(['utmSource', 'utmCampaign'])
      .orderBy('views', 'desc')
      .orderBy('utmSource')
      .limit(TOP)
      .execute(),
    views.select((eb) => ['device', eb.fn.sum<number>('views').as('views')]).groupBy('device').execute(),
    counts.where('kind', '=', 'booking-dialog').select((eb) => ['performanceId', eb.fn.sum<number>('views').as('views')]).groupBy('performanceId').execute(),
  ]);
  // PostgreSQL's sum() of integers is a bigint, read as a string by pg: numbers here.
  const viewsOfDay = new Map(perDayViews.map((row) => [row.day, Number(row.views)]));
  const visitorsOfDay = new Map<string, number>();
  for (const row of [...days, ...rawVisitors]) visitorsOfDay.set(row.day, (visitorsOfDay.get(row.day) ?? 0) + Number(row.visitors));
  const perDay: Bilan['audience']['perDay'] = [];
  for (let day = from, n = 0; day <= to && n < MAX_DAYS; day = addDays(day, 1), n++) {
    perDay.push({ day, pageViews: viewsOfDay.get(day) ?? 0, visitors: visitorsOfDay.get(day) ?? 0 });
  }
  const pageViewsByPath = new Map(paths.map((row) => [row.path, Number(row.views)]));
  const topPages = [...pageViewsByPath]
    .sort(([pathA, a], [pathB, b]) => b - a || (pathA < pathB ? -1 : 1))
    .slice(0, TOP)
    .map(([path, pageViews]) => ({ path, pageViews }));
  const deviceViews = new Map(devices.map((row) => [row.device, Number(row.views)]));
  return {
    audience: {
      pageViews: [...viewsOfDay.values()].reduce((a, b) => a + b, 0),
      visitors: [...visitorsOfDay.values()].reduce((a, b) => a + b, 0),
      perDay,
      topPages,
      referrers: referrers.map((row) => ({ domain: row.referrer, pageViews: Number(row.views) })),
      campaigns: campaigns.map((row) => ({ source: row.utmSource, campaign: row.utmCampaign === '' ? null : row.utmCampaign, pageViews: Number(row.views) })),
      devices: { phone: deviceViews.get('phone') ?? 0, tablet: deviceViews.get('tablet') ?? 0, computer: deviceViews.get('computer') ?? 0 },
    },
    pageViewsByPath,
    dialogsByPerformance: new Map(dialogs.map((row) => [row.performanceId, Number(row.views)])),
  };
}
