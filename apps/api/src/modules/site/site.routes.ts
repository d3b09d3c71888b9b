import { z } from 'zod';
import { SITE_NAME } from '@bande/shared';
import type { App, AppDeps } from '../../deps.ts';
import { access } from '../../plugins/access-control.ts';

const siteInfoSchema = z.object({
  siteName: z.string(),
  siteUrl: z.string(),
  maintenanceMode: z.boolean(),
  addressSearchUrl: z.string(),
});

/** What the web app needs to know about this server's configuration (maintenance gate, address search). */
export async function siteRoutes(app: App, { config }: AppDeps): Promise<void> {
  app.get('/api/site', { config: { answerCache: true, access: access.public }, schema: { tags: ['site'], response: { 200: siteInfoSchema } } }, async () => ({
    siteName: SITE_NAME,
    siteUrl: config.siteUrl,
    maintenanceMode: config.maintenanceMode,
    addressSearchUrl: config.addressSearchUrl,
  }));
}
