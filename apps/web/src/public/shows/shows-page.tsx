import { Container, PageHeader, Section } from '../../components/layout.tsx';
import { EmptyState, ErrorMessage, Loading } from '../../components/feedback.tsx';
import { Button } from '../../components/button.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { usePublishedShows } from './shows.queries.ts';
import { ShowCard } from './show-cards.tsx';
import styles from './shows-page.module.css';

export default function ShowsPage() {
  useDocumentTitle('Spectacles');
  const shows = usePublishedShows();
  return (
    <>
      <PageHeader
        eyebrow="Répertoire"
        title="Spectacles"
        lead="Romans, récits, poèmes et pièces : toutes les lectures que la Bande a mises en voix. Choisissez un titre pour découvrir le spectacle, son équipe et ses prochaines dates."
      />
      <Section>
        <Container size="wide">
          {shows.isPending ? (
            <Loading block />
          ) : shows.isError ? (
            <ErrorMessage error={shows.error} />
          ) : shows.data.length === 0 ? (
            <EmptyState
              title="Le répertoire s'écrit en ce moment."
              action={
                <Button to="/contact" variant="secondary">
                  Nous contacter
                </Button>
              }
            >
              Aucun spectacle n&apos;est encore présenté ici&nbsp;: nos premières lectures sont en répétition. Revenez bientôt, ou
              écrivez-nous pour imaginer une lecture avec nous.
            </EmptyState>
          ) : (
            <ul role="list" className={styles.grid}>
              {shows.data.map((show, index) => (
                <ShowCard key={show.id} show={show} eager={index < 3} />
              ))}
            </ul>
          )}
        </Container>
      </Section>
    </>
  );
}
