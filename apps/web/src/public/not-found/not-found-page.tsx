import { Button } from '../../components/button.tsx';
import { Valance } from '../../components/layout.tsx';
import { usePageHead } from '../../app/head/index.ts';
import styles from './not-found-page.module.css';
import { usePageWords } from '../../lib/site-content.ts';

/** /not-found and every unknown path. */
export default function NotFoundPage() {
  const words = usePageWords();
  usePageHead({
    title: 'Page introuvable',
    description:
      "Cette scène est vide : la page demandée n'existe pas ou plus sur le site de La Bande à Lire. Retrouvez nos spectacles depuis l'accueil.",
    noindex: true,
  });
  return (
    <section className={styles.stage} aria-labelledby="introuvable">
      <Valance />
      <div className={styles.light} aria-hidden="true" />
      <div className={styles.inner}>
        <p className={styles.code} aria-hidden="true">
          404
        </p>
        <h1 id="introuvable" className={styles.title}>
          {words('notFoundTitle')}
        </h1>
        <p className={styles.text}>
          {words('notFoundText')}
        </p>
        <div className={styles.actions}>
          <Button to="/" size="lg">
            Retour à l&apos;accueil
          </Button>
          <Button to="/shows" variant="inverse" size="lg">
            Voir les spectacles
          </Button>
        </div>
      </div>
    </section>
  );
}
