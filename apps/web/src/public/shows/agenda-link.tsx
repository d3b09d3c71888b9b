import { texts } from '@bande/shared/texts';
import styles from './agenda-link.module.css';

/** The address of the iCalendar file served by the API (GET /agenda.ics), whole or for one performance. */
export const agendaHref = (performanceId?: number) => (performanceId === undefined ? '/agenda.ics' : `/agenda.ics?performance=${performanceId}`);

/** A discreet link to the whole agenda, for calendar apps (a plain link: it is a file, not a page of the app). */
export function AgendaLink() {
  return (
    <p className={styles.agenda}>
      <CalendarIcon />
      <a href={agendaHref()} type="text/calendar">
        {texts.agenda.addAll}
        <span className="visually-hidden"> (fichier iCalendar des prochaines représentations)</span>
      </a>
    </p>
  );
}

export function CalendarIcon() {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      <rect x="3.5" y="5" width="17" height="15.5" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M3.5 10h17M8 3v4M16 3v4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
