import { subscriberImportTexts as T, type ImportLine, type ImportOutcome, type ImportReport } from '@bande/shared/schemas/subscriber-import';
import { ui } from '../ui/layout.tsx';
import styles from './subscribers.module.css';

/** Each outcome's badge: added or to add in green; already on the list in amber; refused in red. */
const BADGE: Record<ImportOutcome, { label: string; tone: string }> = {
  new: { label: 'à ajouter', tone: ui.badgePublished ?? '' },
  added: { label: 'ajoutée', tone: ui.badgePublished ?? '' },
  confirmed: { label: 'déjà abonnée', tone: ui.badgeDraft ?? '' },
  pending: { label: 'en attente', tone: ui.badgeDraft ?? '' },
  duplicate: { label: 'doublon', tone: ui.badgeDraft ?? '' },
  invalid: { label: 'invalide', tone: ui.badgeDanger ?? '' },
  bounced: { label: 'refusée', tone: ui.badgeDanger ?? '' },
  left: { label: 'partie', tone: ui.badgeDanger ?? '' },
};

/**
 * What the server says of each line of a CSV file (preview or import): a summary, then one entry a line,
 * its badge, its French sentence (« Ligne 4 : adresse invalide ») and the address as read. A list, not a
 * table: it reads the same at 360 px.
 */
export function ImportPreview({ report, title }: { report: ImportReport; title: string }) {
  return (
    <section aria-label={title} className={styles.sections}>
      <p className={styles.summary} role="status">
        {report.message}
      </p>
      {/* Scrolls past a dozen lines: focusable, so that the keyboard scrolls it too (axe: scrollable-region-focusable). */}
      <ul className={styles.lines} tabIndex={0} aria-label={T.linesLabel}>
        {report.lines.map((line: ImportLine) => (
          <li key={line.line} className={styles.line}>
            <span className={[ui.badge, BADGE[line.outcome].tone].join(' ')}>{BADGE[line.outcome].label}</span>
            <span className={styles.lineMessage}>{line.message}</span>
            {line.email ? <span className={styles.lineEmail}>{line.email}</span> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
