import type { Kysely } from 'kysely';
import type { Bilan } from '@bande/shared';
import type { Database } from '../../db/schema.ts';
import { periodDays } from '../bilan/period.ts';

/**
 * PLACEHOLDER (issue 36): the audience measurement is built on the `audience` branch, whose figures.ts
 * replaces this file at merge. Until then the Bilan sees no visits: zeros, empty lists, and one zero
 * day per day of the period (the contract's perDay).
 */
export interface AudienceFigures {
  audience: Bilan['audience'];
  pageViewsByPath: Map<string, number>; // show page views: key is the show page's path
  dialogsByPerformance: Map<number, number>;
}

export async function audienceFigures(_db: Kysely<Database>, from: string, to: string): Promise<AudienceFigures> {
  return {
    audience: {
      pageViews: 0,
      visitors: 0,
      perDay: periodDays(from, to).map((day) => ({ day, pageViews: 0, visitors: 0 })),
      topPages: [],
      referrers: [],
      campaigns: [],
      devices: { phone: 0, tablet: 0, computer: 0 },
    },
    pageViewsByPath: new Map(),
    dialogsByPerformance: new Map(),
  };
}
