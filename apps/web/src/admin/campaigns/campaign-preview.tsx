import { useEffect, useState } from 'react';
import { errorMessage, useAdminApi } from '../lib/admin-api.ts';
import styles from './campaigns.module.css';

/**
 * The mail as the server would send it (POST /api/campaigns/preview renders the same MJML), at a phone's
 * and a desktop's width, refreshed half a second after the writing stops. Shown in frames so that the
 * letter's own styles stay inside. Each frame keeps its true width; a narrower screen scrolls it sideways
 * (at 390 px the frames were squeezed under labels that said 375 and 700 px). Not sandboxed: the HTML is the server's (markdown-it without raw HTML,
 * escaped subject, no script), and a srcdoc frame keeps the backoffice's Content-Security-Policy.
 */
export function CampaignPreview({ subject, body, includeUpcoming }: { subject: string; body: string; includeUpcoming: boolean }) {
  const api = useAdminApi();
  const [html, setHtml] = useState('');
  // The server's French reason (an image from elsewhere, the unsubscribe placeholder...), when it refuses.
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    if (!subject.trim() || !body.trim()) return;
    const timer = setTimeout(() => {
      api
        .send<{ html: string }>('POST', '/api/campaigns/preview', { subject, body, includeUpcoming })
        .then((r) => {
          setHtml(r.html);
          setFailed(null);
        })
        .catch((error: unknown) => setFailed(errorMessage(error, 'vérifiez le texte (les images doivent venir des fichiers du site).')));
    }, 500);
    return () => clearTimeout(timer);
  }, [api, subject, body, includeUpcoming]);
  if (failed) return <p role="status">Aperçu indisponible : {failed}</p>;
  if (!html) return <p role="status">L’aperçu s’affiche dès que l’objet et le texte sont écrits.</p>;
  return (
    <div className={styles.previews}>
      <figure className={styles.preview}>
        <figcaption>Téléphone (375 px)</figcaption>
        {/* Focusable: the keyboard can scroll the frame sideways when the screen is narrower than it. */}
        <div className={styles.frameScroll} tabIndex={0} role="region" aria-label="Aperçu sur téléphone, 375 px de large">
          <iframe title="Aperçu sur téléphone" srcDoc={html} className={styles.phone} />
        </div>
      </figure>
      <figure className={styles.preview}>
        <figcaption>Ordinateur (700 px)</figcaption>
        <div className={styles.frameScroll} tabIndex={0} role="region" aria-label="Aperçu sur ordinateur, 700 px de large">
          <iframe title="Aperçu sur ordinateur" srcDoc={html} className={styles.desktop} />
        </div>
      </figure>
    </div>
  );
}
