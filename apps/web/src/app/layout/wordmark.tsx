import { Link } from 'react-router';
import styles from './wordmark.module.css';
import { useSiteContent } from '../../lib/site-content.ts';

/** The name on two lines, cut after the first half of its words (« La Bande » / « à Lire »). */
function twoLines(name: string): [string, string] {
  const words = name.trim().split(/\s+/);
  const cut = Math.ceil(words.length / 2);
  return [words.slice(0, cut).join(' '), words.slice(cut).join(' ')];
}

/** « La Bande à Lire »: a proscenium arch, then the name set in Fraunces. Links home. */
export function Wordmark({ onDark = true }: { onDark?: boolean }) {
  const { associationName } = useSiteContent();
  const [line1, line2] = twoLines(associationName);
  return (
    <Link to="/" className={`${styles.wordmark} ${onDark ? styles.onDark : ''}`}>
      <svg className={styles.mark} viewBox="0 0 40 40" width="40" height="40" aria-hidden="true" focusable="false">
        <path d="M4 38V14C4 7 11 3 20 3s16 4 16 11v24" fill="none" stroke="currentColor" strokeWidth="2.2" />
        <path d="M7 37V15c3 4 6 5 9 5-2 4-5 10-9 17z" className={styles.curtain} />
        <path d="M33 37V15c-3 4-6 5-9 5 2 4 5 10 9 17z" className={styles.curtain} />
        <path d="M15 31c2-1.3 3.5-1.5 5-.4 1.5-1.1 3-.9 5 .4v-7c-2-1.3-3.5-1.5-5-.4-1.5-1.1-3-.9-5 .4z" className={styles.book} />
      </svg>
      {/* Named by its visible text (WCAG 2.5.3, label in name), then where it leads. */}
      <span className={styles.text}>
        <span className={styles.line1}>{line1} </span>
        {line2 ? <span className={styles.line2}>{line2}</span> : null}
      </span>
      <span className="visually-hidden">, accueil</span>
    </Link>
  );
}
