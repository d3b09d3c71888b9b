import { useEffect, useState } from 'react';
import { twoFactorTexts } from '@bande/shared/schemas/two-factor';
import styles from './two-factor.module.css';

/**
 * The otpauth:// URL as a QR code (npm qrcode, SVG markup) shown in an <img> with a data: URL, which
 * the Content-Security-Policy allows already (img-src data:) and which runs no markup in the page.
 * qrcode is loaded on demand: only this setup screen needs it.
 */
export function TwoFactorQr({ otpauthUrl }: { otpauthUrl: string }) {
  const [src, setSrc] = useState<string>();
  useEffect(() => {
    let current = true;
    void import('qrcode')
      .then((QRCode) => QRCode.toString(otpauthUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }))
      .then((svg) => {
        if (current) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      })
      // Without the image the secret below still lets the user type it into the app.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [otpauthUrl]);
  return src ? <img className={styles.qr} src={src} alt={twoFactorTexts.qrAlt} width={200} height={200} /> : <div className={styles.qr} aria-hidden="true" />;
}
