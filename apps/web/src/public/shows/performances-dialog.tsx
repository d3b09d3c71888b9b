import { useState } from 'react';
import type { Performance } from '@bande/shared/schemas/shows';
import { texts } from '@bande/shared/texts';
import { PerformanceDate } from './performance-date.tsx';
import { useParisDates } from '../../app/dates/paris-dates.tsx';
import { mapsSearchUrl } from '@bande/shared/format/maps';
import { Modal } from '../../components/modal.tsx';
import { Button } from '../../components/button.tsx';
import { agendaHref, CalendarIcon } from './agenda-link.tsx';
import { takesReservations } from '@bande/shared/reservation-links';
import { SeatsLeft } from '../reservation/seats-left.tsx';
import { ReservationModal } from '../reservation/reservation-modal.tsx';
import styles from './performances-dialog.module.css';

export interface PerformancesModalProps {
  open: boolean;
  onClose: () => void;
  showName: string;
  /** The upcoming performances, soonest first. */
  performances: readonly Performance[];
}

/**
 * A show's upcoming performances: date, venue (or 'Lieu à préciser'), address on a map, booking link,
 * or, for one that takes reservations on the site, its seats left and 'Réserver', which opens the
 * booking form over this dialog (loaded on first opening).
 */
export function PerformancesDialog({ open, onClose, showName, performances }: PerformancesModalProps) {
  const dates = useParisDates();
  const [booking, setBooking] = useState<Performance | null>(null);
  return (
    <Modal open={open} onClose={onClose} title={texts.performances.seeAll} description={showName} size="md">
      <ol role="list" className={styles.list}>
        {performances.map((performance) => (
          <li key={performance.id} className={styles.item}>
            <div className={styles.when}>
              <p className={styles.date}>
                <PerformanceDate iso={performance.date} />
              </p>
              <p className={styles.venue}>{performance.venueName ?? texts.performances.venueUnknown}</p>
              <p className={styles.address}>
                <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
                  <path d="M12 22s7-6.3 7-12a7 7 0 1 0-14 0c0 5.7 7 12 7 12z" fill="none" stroke="currentColor" strokeWidth="2" />
                  <circle cx="12" cy="10" r="2.5" fill="currentColor" />
                </svg>
                <a href={mapsSearchUrl(performance.address)} target="_blank" rel="noopener noreferrer">
                  {performance.address}
                  <span className="visually-hidden"> (voir sur une carte, nouvel onglet)</span>
                </a>
              </p>
              <p className={styles.address}>
                <CalendarIcon />
                <a href={agendaHref(performance.id)} type="text/calendar">
                  {texts.agenda.addPerformance}
                  <span className="visually-hidden"> — {dates.performance(performance.date)}</span>
                </a>
              </p>
              {takesReservations(performance) ? <SeatsLeft performanceId={performance.id} /> : null}
            </div>
            {takesReservations(performance) ? (
              <Button size="sm" className={styles.book} onClick={() => setBooking(performance)} aria-haspopup="dialog">
                {texts.performances.book}
                <span className="visually-hidden"> — {dates.performance(performance.date)}</span>
              </Button>
            ) : performance.bookingLink ? (
              <Button href={performance.bookingLink} target="_blank" rel="noopener noreferrer" size="sm" className={styles.book}>
                {texts.performances.book}
                <span className="visually-hidden"> — {dates.performance(performance.date)} (nouvel onglet)</span>
              </Button>
            ) : null}
          </li>
        ))}
      </ol>
      {booking ? <ReservationModal open onClose={() => setBooking(null)} showName={showName} performance={booking} /> : null}
    </Modal>
  );
}
