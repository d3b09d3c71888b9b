import { useEffect, useId, useState } from 'react';
import { useLocation } from 'react-router';
import { NavLink } from 'react-router';
import { texts } from '@bande/shared/texts';
import { Wordmark } from './wordmark.tsx';
import styles from './site-header.module.css';
import { HydrationRegion } from '../hydration/hydration-region.tsx';

export const mainNav = [
  { to: '/', label: texts.nav.home, end: true },
  { to: '/team', label: texts.nav.team, end: false },
  { to: '/shows', label: texts.nav.shows, end: false },
  { to: '/contact', label: texts.nav.contact, end: false },
] as const;

/** Sticky midnight header: wordmark, the four main links, and a menu toggle on small screens. */
export function SiteHeader() {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const { pathname } = useLocation();

  // A new page closes the mobile menu.
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <HydrationRegion>
      <header className={styles.header}>
        <div className={styles.bar}>
          <Wordmark />
          <button
            type="button"
            className={styles.toggle}
            aria-expanded={open}
            aria-controls={menuId}
            onClick={() => setOpen((value) => !value)}
          >
            <span className={styles.burger} data-open={open} aria-hidden="true">
              <span />
              <span />
              <span />
            </span>
            <span>Menu</span>
          </button>
          <nav id={menuId} className={styles.nav} data-open={open} aria-label="Navigation principale">
            <ul role="list" className={styles.list}>
              {mainNav.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} end={item.end} className={styles.link}>
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </header>
    </HydrationRegion>
  );
}
