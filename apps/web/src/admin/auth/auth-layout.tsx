import type { ReactNode } from 'react';
import { adminTexts } from '../admin-texts.ts';
import { BrandMark } from '../ui/layout.tsx';
import styles from './auth.module.css';

/** The frame of the login and password-reset screens. */
export function AuthLayout({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <main className={styles.page}>
      <div className={styles.card}>
        <div className={styles.brand}>
          <BrandMark className={styles.logo} />
          <span>
            <span className={styles.brandName}>{adminTexts.brand}</span>
            <span className={styles.brandSub}>{adminTexts.login.subtitle}</span>
          </span>
        </div>
        <h1 className={styles.title}>{title}</h1>
        {intro ? <p className={styles.intro}>{intro}</p> : null}
        {children}
      </div>
    </main>
  );
}

export { styles as authStyles };
