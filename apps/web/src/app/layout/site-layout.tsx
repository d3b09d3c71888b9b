import { useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useAudiencePageViews } from '../../public/audience/beacon.ts';
import { SiteHeader } from './site-header.tsx';
import { SiteFooter } from './site-footer.tsx';
import { NewsletterProvider } from './newsletter-context.tsx';
import styles from './site-layout.module.css';

export const MAIN_ID = 'contenu';

/** Every public page: skip link, header, the page, footer (with the newsletter dialog). */
export function SiteLayout() {
  const { pathname } = useLocation();
  useAudiencePageViews();
  // A new page starts at its top, like a full page load would. Not the first one: the browser placed
  // it (at the top, or at its #anchor), and a visitor may have scrolled before it was hydrated.
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
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
