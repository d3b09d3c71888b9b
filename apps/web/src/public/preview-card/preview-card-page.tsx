import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { TIMINGS } from '@bande/shared/constants';
import { Loading } from '../../components/feedback.tsx';
import { usePageHead } from '../../app/head/index.ts';
import { CardSection } from '../card/card-section.tsx';
import styles from './preview-card-page.module.css';

/**
 * /preview-card?title=&description=&buttonText=&enabled= — the home page's card section as the admin is
 * editing it (shown in an iframe of the card-config tab), or a notice when it is switched off.
 */
export default function PreviewCardPage() {
  usePageHead({
    title: 'Aperçu de la carte',
    description: "Aperçu, pour l'administration, de la section « carte d'abonné » de la page d'accueil de La Bande à Lire, telle qu'elle est en cours de saisie.",
    noindex: true,
  });
  const [params] = useSearchParams();
  const [ready, setReady] = useState(false);

  // The spec's short pause: the iframe shows 'Chargement...' while the admin types.
  useEffect(() => {
    const timer = window.setTimeout(() => setReady(true), TIMINGS.previewDelayMs);
    return () => window.clearTimeout(timer);
  }, []);

  if (!ready) {
    return (
      <main className={styles.page}>
        <Loading block />
      </main>
    );
  }

  const enabled = ['true', '1'].includes(params.get('enabled') ?? '');
  return (
    <main className={styles.page}>
      <h1 className="visually-hidden">Aperçu de la section carte</h1>
      {enabled ? (
        <CardSection title={params.get('title') ?? ''} description={params.get('description') ?? ''} buttonText={params.get('buttonText') ?? ''} />
      ) : (
        <div className={styles.disabled}>
          <p className={styles.title}>Section désactivée</p>
          <p>La section « carte d&apos;abonné » est désactivée&nbsp;: elle n&apos;apparaît pas sur la page d&apos;accueil.</p>
        </div>
      )}
    </main>
  );
}
