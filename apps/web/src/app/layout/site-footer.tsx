import { Button } from '../../components/button.tsx';
import { Link } from 'react-router';
import { Ornament } from '../../components/layout.tsx';
import { Wordmark } from './wordmark.tsx';
import { mainNav } from './site-header.tsx';
import { preloadNewsletter, useOpenNewsletter } from './newsletter-context.tsx';
import styles from './site-footer.module.css';
import { HydrationRegion } from '../hydration/hydration-region.tsx';
import { frenchTypography } from '@bande/shared/format/french-typography';
import { phoneHref } from '@bande/shared/format/phone';
import { ACCESSIBILITY_STATUS_LABELS } from '@bande/shared/accessibility-status';
import { useSiteContent } from '../../lib/site-content.ts';

export const footerLinks = [
  { to: '/bonus', label: 'Bonus — Échos en images' },
  { to: '/origines', label: 'Origines' },
  { to: '/partenaires', label: 'Partenaires' },
  { to: '/lettres', label: 'Les lettres déjà envoyées' },
] as const;

export const legalLinks = [
  { to: '/plan-du-site', label: 'Plan du site' },
  { to: '/mentions-legales', label: 'Mentions légales' },
  { to: '/accessibilite', label: 'Accessibilité' },
] as const;

/** Midnight footer: the newsletter call, the site's links and the fine print. */
export function SiteFooter() {
  const openNewsletter = useOpenNewsletter();
  const { associationName, footerText, social, contact, accessibility, pageTexts } = useSiteContent();
  return (
    <HydrationRegion>
      <footer className={styles.footer}>
        <div className={styles.inner}>
          <div className={styles.newsletter}>
            <div>
              <h2 className={styles.newsTitle}>{frenchTypography(pageTexts.footerNewsTitle)}</h2>
              <p className={styles.newsText}>{frenchTypography(pageTexts.footerNewsText)}</p>
            </div>
            <Button
              variant="primary"
              size="lg"
              onClick={openNewsletter}
              // The form's code comes when the visitor heads for the button, so that the click opens it at once.
              onPointerEnter={preloadNewsletter}
              onFocus={preloadNewsletter}
              aria-haspopup="dialog"
            >
              S&apos;inscrire à la newsletter
            </Button>
          </div>

          <div className={styles.grid}>
            <div className={styles.brand}>
              <Wordmark />
              <p>{frenchTypography(footerText)}</p>
              <FooterContact email={contact.email} phone={contact.phone} />
              {social.length > 0 ? (
                <ul role="list" className={styles.social} aria-label="Réseaux sociaux">
                  {social.map((link) => (
                    <li key={link.url}>
                      <a href={link.url} target="_blank" rel="noopener noreferrer">
                        {link.label}
                        <span className="visually-hidden"> (nouvel onglet)</span>
                      </a>
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
            <nav aria-label="Le site" className={styles.column}>
              <h2 className={styles.columnTitle}>Le site</h2>
              <ul role="list">
                {mainNav.map((item) => (
                  <li key={item.to}>
                    <Link to={item.to}>{item.label}</Link>
                  </li>
                ))}
              </ul>
            </nav>
            <nav aria-label="Autour de la Bande" className={styles.column}>
              <h2 className={styles.columnTitle}>Autour de la Bande</h2>
              <ul role="list">
                {footerLinks.map((item) => (
                  <li key={item.to}>
                    <Link to={item.to}>{item.label}</Link>
                  </li>
                ))}
              </ul>
            </nav>
          </div>

          <Ornament className={styles.ornament} />
          <div className={styles.bottom}>
            <p>© {associationName} — association loi 1901</p>
            <ul role="list" className={styles.legal}>
              {legalLinks.map((item) => (
                <li key={item.to}>
                  {/* The statement's link says the state of conformity, as French sites must (« Accessibilité : non conforme »). */}
                  <Link to={item.to}>{item.to === '/accessibilite' ? `${item.label}\u00a0: ${ACCESSIBILITY_STATUS_LABELS[accessibility.status]}` : item.label}</Link>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </footer>
    </HydrationRegion>
  );
}

/** The e-mail and phone of « Textes du site », on every page (the phone with its tel: link). */
function FooterContact({ email, phone }: { email: string; phone: string }) {
  const tel = phoneHref(phone);
  if (!email && !phone) return null;
  return (
    <p className={styles.contact}>
      {email ? <a href={`mailto:${email}`}>{email}</a> : null}
      {email && phone ? <br /> : null}
      {phone ? tel ? <a href={`tel:${tel}`}>{phone}</a> : phone : null}
    </p>
  );
}
