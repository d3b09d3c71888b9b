import { Button } from '../../components/button.tsx';
import { Link } from 'react-router';
import { Ornament } from '../../components/layout.tsx';
import { Wordmark } from './wordmark.tsx';
import { mainNav } from './site-header.tsx';
import { preloadNewsletter, useOpenNewsletter } from './newsletter-context.tsx';
import styles from './site-footer.module.css';
import { HydrationRegion } from '../hydration/hydration-region.tsx';

export const footerLinks = [
  { to: '/bonus', label: 'Bonus — Échos en images' },
  { to: '/origines', label: 'Origines' },
  { to: '/partenaires', label: 'Partenaires' },
] as const;

export const legalLinks = [
  { to: '/plan-du-site', label: 'Plan du site' },
  { to: '/mentions-legales', label: 'Mentions légales' },
] as const;

/** Midnight footer: the newsletter call, the site's links and the fine print. */
export function SiteFooter() {
  const openNewsletter = useOpenNewsletter();
  return (
    <HydrationRegion>
      <footer className={styles.footer}>
        <div className={styles.inner}>
          <div className={styles.newsletter}>
            <div>
              <h2 className={styles.newsTitle}>Ne manquez pas le prochain lever de rideau</h2>
              <p className={styles.newsText}>Dates, créations et coulisses&nbsp;: la lettre de la Bande, quelques fois par saison.</p>
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
              <p>
                Association de lectures théâtrales. Des textes, des voix, et le plaisir partagé de les faire entendre — en salle, en
                bibliothèque, partout où l&apos;on veut bien nous ouvrir la porte.
              </p>
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
            <p>© La Bande à Lire — association loi 1901</p>
            <ul role="list" className={styles.legal}>
              {legalLinks.map((item) => (
                <li key={item.to}>
                  <Link to={item.to}>{item.label}</Link>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </footer>
    </HydrationRegion>
  );
}
