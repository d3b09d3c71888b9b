import { z } from 'zod';
import type { App, AppDeps } from '../../deps.ts';
import { access } from '../../plugins/access-control.ts';
import { associationName } from '../site-content/site-content.repository.ts';

const siteInfoSchema = z.object({
  siteName: z.string(),
  siteUrl: z.string(),
  maintenanceMode: z.boolean(),
  addressSearchUrl: z.string(),
  /** RESERVATION_HOLD_MINUTES: the booking dialog says how long the mailed link holds the seats. */
  reservationHoldMinutes: z.number(),
  /** RESERVATION_RETENTION_DAYS: the legal page says how long reservation details are kept. */
  reservationRetentionDays: z.number(),
});

/** What the web app needs to know about this server's configuration (maintenance gate, address search, reservation delays). */
export async function siteRoutes(app: App, { config, db }: AppDeps): Promise<void> {
  app.get('/api/site', { config: { answerCache: true, access: access.public }, schema: { tags: ['site'], response: { 200: siteInfoSchema } } }, async () => ({
    // The name staff keep in « Textes du site » (SITE_NAME until they change it).
    siteName: await associationName(db),
    siteUrl: config.siteUrl,
    maintenanceMode: config.maintenanceMode,
    addressSearchUrl: config.addressSearchUrl,
    reservationHoldMinutes: config.reservations.holdMinutes,
    reservationRetentionDays: config.reservations.retentionDays,
  }));
}
