import { newsletterTexts } from '@bande/shared/schemas/newsletter';
import { NewsletterLinkPage } from './newsletter-link-page.tsx';

/** /newsletter/desinscription?token=… — the unsubscribe link of every newsletter mail (List-Unsubscribe). */
export default function NewsletterUnsubscribePage() {
  return <NewsletterLinkPage title={newsletterTexts.unsubscribeTitle} description="Désinscription de la newsletter de La Bande à Lire." pending={newsletterTexts.unsubscribePending} apiPath="/api/newsletter/unsubscribe" />;
}
