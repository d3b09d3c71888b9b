import { texts } from '@bande/shared/texts';
import styles from './admin-frame.module.css';

/**
 * What a backoffice address shows before the backoffice's code has come: its card, its name and
 * « Chargement… ». The server sends it inside the shell (entry-server.tsx, renderAdminFrame), so that a
 * phone on a slow network paints it at once rather than a blank page; the app shows the same while
 * the backoffice's module and the page's chunk come, then the page replaces it. Its styles are in the
 * entry's stylesheet, which the shell loads anyway.
 */
export function AdminLoadingFrame() {
  return (
    <main className={styles.frame}>
      <div className={styles.card}>
        <div className={styles.brand}>
          <span className={styles.mark} aria-hidden="true">
            BàL
          </span>
          <span>
            <span className={styles.name}>{texts.adminFrame.brand}</span>
            <span className={styles.sub}>{texts.adminFrame.subtitle}</span>
          </span>
        </div>
        <p className={styles.status} role="status">
          {texts.adminFrame.loading}
        </p>
      </div>
    </main>
  );
}
