import type { ReactNode } from 'react';
import { adminTexts } from '../admin-texts.ts';
import { BrandMark } from '../ui/layout.tsx';
import styles from './auth.module.css';

/**
 * The frame of the login and password-reset screens. `inLayer`: over the dashboard (« Reconnectez-vous »
 * after the server ended the session), a dialog named by its heading rather than the page's main.
 */
export function AuthLayout({ title, intro, inLayer = false, children }: { title: string; intro?: ReactNode; inLayer?: boolean; children: ReactNode }) {
  const Frame = inLayer ? 'div' : 'main';
  return (
    <Frame className={styles.page}>
      <div className={styles.card}>
        <div className={styles.brand}>
          <BrandMark className={styles.logo} />
          <span>
            <span className={styles.brandName}>{adminTexts.brand}</span>
            <span className={styles.brandSub}>{adminTexts.login.subtitle}</span>
          </span>
        </div>
        <h1 className={styles.title} id={inLayer ? AUTH_LAYER_TITLE_ID : undefined}>
          {title}
        </h1>
        {intro ? <p className={styles.intro}>{intro}</p> : null}
        {children}
      </div>
    </Frame>
  );
}

/** The heading that names the sign-in layer's dialog (one at most on a page). */
export const AUTH_LAYER_TITLE_ID = 'sign-in-again-title';

export { styles as authStyles };
