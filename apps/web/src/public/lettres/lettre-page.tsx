import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { campaignTexts, type CampaignArchivePage } from '@bande/shared/schemas/campaigns';
import { Container, PageHeader, Section } from '../../components/layout.tsx';
import { Loading } from '../../components/feedback.tsx';
import { pageDescription, usePageHead } from '../../app/head/index.ts';
import { useParisDates } from '../../app/dates/paris-dates.tsx';
import NotFoundPage from '../not-found/not-found-page.tsx';
import { letterQuery } from './lettres.queries.ts';
import styles from './lettres.module.css';

/** /lettres/:slug: a sent letter as a web page, without anyone's unsubscribe link. */
export default function LettrePage() {
  const { slug = '' } = useParams();
  const letter = useQuery(letterQuery(slug));
  if (letter.data === null || letter.isError) return <NotFoundPage />;
  if (!letter.data) return <Loading block />;
  return <Letter letter={letter.data} />;
}

function Letter({ letter }: { letter: CampaignArchivePage }) {
  const dates = useParisDates();
  usePageHead({ title: letter.subject, description: pageDescription(`Lettre de La Bande à Lire du ${dates.performance(letter.sentAt)}.`), type: 'article' });
  return (
    <>
      <PageHeader compact eyebrow={`Lettre du ${dates.performance(letter.sentAt)}`} title={letter.subject} />
      <Section>
        <Container size="narrow">
          {/* Markdown rendered by the server with raw HTML refused (markdown-it, html: false). */}
          <div className={styles.body} dangerouslySetInnerHTML={{ __html: letter.html }} />
          {letter.upcoming.length > 0 && (
            <section aria-labelledby="prochaines" className={styles.upcoming}>
              <h2 id="prochaines">{campaignTexts.upcomingTitle}</h2>
              <ul role="list">
                {letter.upcoming.map((p) => (
                  <li key={`${p.date}${p.showUrl}`}>
                    <strong>{dates.performance(p.date)}</strong> — {p.showName}, {p.venue} · <a href={p.showUrl}>{campaignTexts.seeShow}</a>
                    {p.reservationUrl && (
                      <>
                        {' · '}
                        <a href={p.reservationUrl}>{campaignTexts.reserve}</a>
                      </>
                    )}
                  </li>
                ))}
              </ul>
            </section>
          )}
          <p>
            <Link to="/lettres">Toutes les lettres</Link>
          </p>
        </Container>
      </Section>
    </>
  );
}
