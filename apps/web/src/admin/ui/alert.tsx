import type { ReactNode } from 'react';
import styles from './ui.module.css';
import { AlertIcon, CheckIcon, InfoIcon } from './icons.tsx';

type Tone = 'error' | 'success' | 'info';

const toneClass: Record<Tone, string | undefined> = {
  error: styles.alertError,
  success: styles.alertSuccess,
  info: styles.alertInfo,
};

/** An in-page message. Errors are announced at once (role="alert"); the others politely (role="status"). */
export function Alert({ tone = 'error', children, className }: { tone?: Tone; children: ReactNode; className?: string }) {
  const Icon = tone === 'error' ? AlertIcon : tone === 'success' ? CheckIcon : InfoIcon;
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={[styles.alert, toneClass[tone], className].filter(Boolean).join(' ')}>
      <Icon />
      <div>{children}</div>
    </div>
  );
}

/** What the API or the browser said, folded beneath a French message: for whoever helps, not the reader. */
export function TechnicalDetail({ detail }: { detail: string }) {
  return (
    <details className={styles.technicalDetail}>
      <summary>Détails techniques</summary>
      <code>{detail}</code>
    </details>
  );
}
