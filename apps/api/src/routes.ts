import type { App, AppDeps } from './deps.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { twoFactorRoutes } from './modules/auth/two-factor.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { uploadRoutes } from './modules/uploads/upload.routes.ts';
import { showsRoutes } from './modules/shows/shows.routes.ts';
import { membersRoutes } from './modules/members/members.routes.ts';
import { venuesRoutes } from './modules/venues/venues.routes.ts';
import { partnersRoutes } from './modules/partners/partners.routes.ts';
import { galleryRoutes } from './modules/gallery/gallery.routes.ts';
import { originsRoutes } from './modules/origins/origins.routes.ts';
import { cardConfigRoutes } from './modules/card-config/card-config.routes.ts';
import { legalRoutes } from './modules/legal/legal.routes.ts';
import { newsletterRoutes } from './modules/newsletter/newsletter.routes.ts';
import { contactRoutes } from './modules/contact/contact.routes.ts';
import { messagesRoutes } from './modules/messages/messages.routes.ts';
import { siteRoutes } from './modules/site/site.routes.ts';
import { imagesRoutes } from './modules/images/images.routes.ts';
import { seoRoutes } from './modules/seo/seo.routes.ts';
import { agendaRoutes } from './modules/agenda/agenda.routes.ts';
import { clientErrorsRoutes } from './modules/client-errors/client-errors.routes.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';

/** Every route of the API, registered explicitly (no auto-loading), in the order of spec section 7. */
export async function registerRoutes(app: App, deps: AppDeps): Promise<void> {
  await siteRoutes(app, deps);
  await authRoutes(app, deps);
  await twoFactorRoutes(app, deps);
  await usersRoutes(app, deps);
  await uploadRoutes(app, deps);
  await showsRoutes(app, deps);
  await membersRoutes(app, deps);
  await venuesRoutes(app, deps);
  await partnersRoutes(app, deps);
  await galleryRoutes(app, deps);
  await originsRoutes(app, deps);
  await cardConfigRoutes(app, deps);
  await legalRoutes(app, deps);
  await newsletterRoutes(app, deps);
  await contactRoutes(app, deps);
  await messagesRoutes(app, deps);
  await imagesRoutes(app, deps);
  await seoRoutes(app, deps);
  await agendaRoutes(app, deps);
  await clientErrorsRoutes(app, deps);
  await auditRoutes(app, deps);
}
