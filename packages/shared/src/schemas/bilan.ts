import { z } from '../zod.ts';

/**
 * The « Bilan » tab and the season report (issue 36): one answer, computed by the server from the
 * audience counts (anonymous, per day), the bookings, the door and the letters. It holds no personal
 * data, so every role may read it. Dates are Paris calendar days, `YYYY-MM-DD`, both ends included.
 *
 * Routes (apps/api/src/modules/bilan):
 *  - GET /api/bilan?from=YYYY-MM-DD&to=YYYY-MM-DD → { data: Bilan }
 *  - GET /api/bilan/performances.csv?from=…&to=… → the per-performance figures as CSV (French headers, `;`)
 * Audience (apps/api/src/modules/audience):
 *  - POST /api/audience/view   body AudienceBeacon (sent with navigator.sendBeacon, no cookie) → 204
 */

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Date attendue au format AAAA-MM-JJ');

export const bilanQuerySchema = z.object({ from: day, to: day });
export type BilanQuery = z.infer<typeof bilanQuerySchema>;

/** What the hydrated site reports for a page it shows without a reload, or a booking dialog opened. */
export const audienceBeaconSchema = z.object({
  kind: z.enum(['view', 'booking-dialog']),
  /** The page's path (no query string kept, except utm_source/utm_campaign read from `search`). */
  path: z.string().max(300),
  /** `location.search` of the page, read only for utm_source and utm_campaign. */
  search: z.string().max(1000).optional(),
  /** `document.referrer`: only its host is kept, and only when it is another site. */
  referrer: z.string().max(1000).optional(),
  /** For `booking-dialog`: the performance whose dialog opened. */
  performanceId: z.number().int().positive().optional(),
});
export type AudienceBeacon = z.infer<typeof audienceBeaconSchema>;

const count = z.number().int().nonnegative();

export const bilanSchema = z.object({
  from: day,
  to: day,
  audience: z.object({
    pageViews: count,
    visitors: count,
    /** One entry per day of the period, days without visits included (0). */
    perDay: z.array(z.object({ day, pageViews: count, visitors: count })),
    topPages: z.array(z.object({ path: z.string(), pageViews: count })),
    /** Referring sites by domain; utm sources and campaigns apart. */
    referrers: z.array(z.object({ domain: z.string(), pageViews: count })),
    campaigns: z.array(z.object({ source: z.string(), campaign: z.string().nullable(), pageViews: count })),
    devices: z.object({ phone: count, tablet: count, computer: count }),
  }),
  /** One row per performance in the period, oldest first. */
  performances: z.array(
    z.object({
      performanceId: z.number().int(),
      showId: z.number().int(),
      showName: z.string(),
      /** ISO date-time of the performance. */
      date: z.string(),
      venueName: z.string().nullable(),
      town: z.string().nullable(),
      capacity: count.nullable(),
      showPageViews: count,
      dialogsOpened: count,
      /** Seats asked for online or by phone (every booking made, confirmed or not). */
      seatsBooked: count,
      seatsConfirmed: count,
      /** Seats checked in at the door (partial arrivals count the seats that came), walk-ins included. */
      seatsArrived: count,
      walkIns: count,
      /** Confirmed seats that did not come (0 until the performance is past). */
      noShows: count,
      /** seatsArrived / capacity, 0..1, null without a capacity. */
      fillRate: z.number().nullable(),
      waitingPeak: count,
      offersTaken: count,
      offersLapsed: count,
    }),
  ),
  newsletter: z.object({
    /** Confirmed subscribers at the end of each day of the period. */
    subscribersPerDay: z.array(z.object({ day, subscribers: count })),
    newSubscribers: count,
    letters: z.array(z.object({ id: z.number().int(), subject: z.string(), sentAt: z.string(), sent: count, unsubscribes: count })),
  }),
  /** The season report's figures (« Bilan de la saison »). */
  totals: z.object({
    performances: count,
    shows: count,
    venues: count,
    towns: z.array(z.string()),
    spectators: count,
    seatsBooked: count,
    averageFillRate: z.number().nullable(),
    newSubscribers: count,
    lettersSent: count,
  }),
});
export type Bilan = z.infer<typeof bilanSchema>;
export type BilanPerformance = Bilan['performances'][number];

/** The longest period the Bilan computes (three seasons and a little): beyond, the answer is a French 400. */
export const BILAN_MAX_DAYS = 1100;

/** The Bilan's French messages (API errors and the CSV's headers). */
export const bilanTexts = {
  invalidDate: 'Date inconnue\u00a0: choisissez un jour qui existe, au format AAAA-MM-JJ.',
  fromAfterTo: 'La date de début doit précéder la date de fin.',
  tooLong: 'La période est trop longue\u00a0: trois ans au plus.',
  csvHeaders: [
    'Représentation',
    'Spectacle',
    'Lieu',
    'Ville',
    'Jauge',
    'Vues de la page',
    'Réservations ouvertes',
    'Places demandées',
    'Places confirmées',
    'Places arrivées',
    'Entrées sans réservation',
    'Places non venues',
    'Taux de remplissage',
    'Liste d’attente (pic)',
    'Offres acceptées',
    'Offres expirées',
  ],
} as const;
