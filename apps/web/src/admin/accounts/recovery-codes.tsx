import { useEffect, useState } from 'react';
import { SITE_NAME } from '@bande/shared/texts';
import { twoFactorTexts } from '@bande/shared/schemas/two-factor';
import { AdminButton } from '../ui/button.tsx';
import { Alert } from '../ui/alert.tsx';
import { ui } from '../ui/layout.tsx';
import styles from './two-factor.module.css';

/** The 10 recovery codes, shown once right after enabling, with a copy and a download. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const text = `${SITE_NAME} — ${twoFactorTexts.recoveryTitle}\n\n${codes.join('\n')}\n`;
  const [href, setHref] = useState<string>();
  // A blob: URL for the download link, given back when the codes leave the screen.
  useEffect(() => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    setHref(url);
    return () => URL.revokeObjectURL(url);
  }, [text]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }

  return (
    <div>
      <h3 className={styles.title}>{twoFactorTexts.recoveryTitle}</h3>
      <Alert tone="info">{twoFactorTexts.recoveryWarning}</Alert>
      <ul className={styles.codes} aria-label={twoFactorTexts.recoveryTitle}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className={styles.buttons}>
        <AdminButton onClick={() => void copy()}>{twoFactorTexts.copy}</AdminButton>
        {href ? (
          <a className={ui.btn} href={href} download="codes-de-secours.txt">
            {twoFactorTexts.download}
          </a>
        ) : null}
        <AdminButton variant="primary" onClick={onDone}>
          {twoFactorTexts.done}
        </AdminButton>
      </div>
      {copied ? (
        <p role="status" className={styles.text}>
          {twoFactorTexts.copied}
        </p>
      ) : null}
    </div>
  );
}
