import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { SiteHeader } from './site-header.tsx';
import { SiteFooter } from './site-footer.tsx';
import { NewsletterProvider } from './newsletter-context.tsx';
import styles from './site-layout.module.css';

export const MAIN_ID = 'contenu';

/** Every public page: skip link, header, the page, footer (with the newsletter dialog). */
export function SiteLayout() {
  const { pathname } = useLocation();
  // A new page starts at its top, like a full page load would.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  return (
    <NewsletterProvider>
      <a href={`#${MAIN_ID}`} className={styles.skip}>
        Aller au contenu
      </a>
      <SiteHeader />
      <main id={MAIN_ID} tabIndex={-1} className={styles.main}>
        <Outlet />
      </main>
      <SiteFooter />
    </NewsletterProvider>
  );
}
