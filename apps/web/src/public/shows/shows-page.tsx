import { ListPage } from '../../components/layout.tsx';
import { Button } from '../../components/button.tsx';
import { EmptyState, QueryList } from '../../components/feedback.tsx';
import { pageDescription, usePageHead } from '../../app/head/index.ts';
import { usePublishedShowImages, usePublishedShows } from './shows.queries.ts';
import { ShowCard } from './show-cards.tsx';
import { AgendaLink } from './agenda-link.tsx';
import styles from './shows-page.module.css';

export default function ShowsPage() {
  const shows = usePublishedShows();
  const images = usePublishedShowImages();
  const pictured = shows.data?.find((show) => show.photo);
  usePageHead({
    title: 'Spectacles',
    description: pageDescription(
      shows.data && shows.data.length > 0
        ? `Les lectures théâtrales de La Bande à Lire : ${shows.data.map((show) => show.name).join(', ')}. Leur équipe, leurs prochaines dates et les réservations.`
        : 'Romans, récits, poèmes et pièces : toutes les lectures mises en voix par La Bande à Lire, avec leur équipe et leurs prochaines dates.',
    ),
    image: pictured?.photo ? { url: pictured.photo, alt: `${pictured.name}, photo du spectacle` } : undefined,
  });
  return (
    <ListPage
      eyebrow="Répertoire"
      title="Spectacles"
      lead="Romans, récits, poèmes et pièces : toutes les lectures que la Bande a mises en voix. Choisissez un titre pour découvrir le spectacle, son équipe et ses prochaines dates."
    >
      <QueryList
        query={shows}
        empty={
          <EmptyState title="Le répertoire s'écrit en ce moment." action={<Button to="/contact" variant="secondary">Nous contacter</Button>}>
            Aucun spectacle n&apos;est encore présenté ici&nbsp;: nos premières lectures sont en répétition. Revenez bientôt, ou
            écrivez-nous pour imaginer une lecture avec nous.
          </EmptyState>
        }
      >
        {(published) => (
          <ul role="list" className={styles.grid}>
            {published.map((show, index) => (
              // The first photo shows above the fold on a phone, under the page header: the page's main image.
              <ShowCard key={show.id} show={show} images={images} priority={index === 0} />
            ))}
          </ul>
        )}
      </QueryList>
      <AgendaLink />
    </ListPage>
  );
}
