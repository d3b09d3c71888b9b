import { ListPage } from '../../components/layout.tsx';
import { Button } from '../../components/button.tsx';
import { EmptyState, QueryList } from '../../components/feedback.tsx';
import { pageDescription, usePageHead } from '../../app/head/index.ts';
import { usePublishedShowImages, usePublishedShows } from './shows.queries.ts';
import { ShowCard } from './show-cards.tsx';
import { AgendaLink } from './agenda-link.tsx';
import styles from './shows-page.module.css';
import { usePageWords } from '../../lib/site-content.ts';

export default function ShowsPage() {
  const words = usePageWords();
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
      eyebrow={words('showsEyebrow')}
      title="Spectacles"
      lead={words('showsLead')}
    >
      <QueryList
        query={shows}
        empty={
          <EmptyState title={words('showsEmptyTitle')} action={<Button to="/contact" variant="secondary">Nous contacter</Button>}>
            {words('showsEmptyText')}
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
