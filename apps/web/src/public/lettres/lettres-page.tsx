import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { campaignTexts } from '@bande/shared/schemas/campaigns';
import { ListPage } from '../../components/layout.tsx';
import { EmptyState, QueryList } from '../../components/feedback.tsx';
import { usePageHead } from '../../app/head/index.ts';
import { useParisDates } from '../../app/dates/paris-dates.tsx';
import { lettersQuery } from './lettres.queries.ts';
import styles from './lettres.module.css';
import { usePageWords } from '../../lib/site-content.ts';

/** /lettres: the newsletter letters already sent, newest first (issue 24). */
export default function LettresPage() {
  const words = usePageWords();
  const letters = useQuery(lettersQuery());
  const dates = useParisDates();
  usePageHead({ title: campaignTexts.archiveTitle, description: 'Les lettres de La Bande à Lire envoyées aux abonnés de sa newsletter : nouvelles de la troupe et prochaines représentations.' });
  return (
    <ListPage eyebrow={words('lettersEyebrow')} title={campaignTexts.archiveTitle} lead={words('lettersLead')}>
      <QueryList query={letters} retry empty={<EmptyState title={words('lettersEmpty')} />}>
        {(list) => (
          <ul role="list" className={styles.list}>
            {list.map((letter) => (
              <li key={letter.slug} className={styles.item}>
                <Link to={`/lettres/${encodeURIComponent(letter.slug)}`} className={styles.link}>
                  {letter.subject}
                </Link>
                <span className={styles.date}>{dates.performance(letter.sentAt)}</span>
              </li>
            ))}
          </ul>
        )}
      </QueryList>
    </ListPage>
  );
}
