import { newsletterTexts } from '@bande/shared/schemas/newsletter';
import { NewsletterLinkPage } from './newsletter-link-page.tsx';

/** /newsletter/confirmation?token=… — the link of the confirmation mail (double opt-in). */
export default function NewsletterConfirmationPage() {
  return <NewsletterLinkPage title={newsletterTexts.confirmTitle} description="Confirmation de votre inscription à la newsletter de La Bande à Lire." pending={newsletterTexts.confirmPending} apiPath="/api/newsletter/confirm" />;
}
