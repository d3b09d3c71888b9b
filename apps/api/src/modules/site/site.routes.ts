import { z } from 'zod';
import type { App, AppDeps } from '../../deps.ts';
import { associationName } from '../site-content/site-content.repository.ts';

const siteInfoSchema = z.object({
  siteName: z.string(),
  siteUrl: z.string(),
  maintenanceMode: z.boolean(),
  addressSearchUrl: z.string(),
});

/** What the web app needs to know about this server's configuration (maintenance gate, address search). */
export async function siteRoutes(app: App, { config, db }: AppDeps): Promise<void> {
  app.get('/api/site', { config: { answerCache: true }, schema: { tags: ['site'], response: { 200: siteInfoSchema } } }, async () => ({
    // The name staff keep in « Textes du site » (SITE_NAME until they change it).
    siteName: await associationName(db),
    siteUrl: config.siteUrl,
    maintenanceMode: config.maintenanceMode,
    addressSearchUrl: config.addressSearchUrl,
  }));
}
