import { useState } from 'react';
import type { Performance } from '@bande/shared/schemas/shows';
import { texts } from '@bande/shared/texts';
import { bookingButtonState } from '@bande/shared/format/performances';
import { PerformanceDate } from './performance-date.tsx';
import { Button } from '../../components/button.tsx';
import { PerformancesModal } from './performances-modal.tsx';
import { takesReservations } from '@bande/shared/reservation-links';
import { ReservationModal } from '../reservation/reservation-modal.tsx';
import styles from './booking-panel.module.css';

export interface BookingPanelProps {
  showName: string;
  performances: readonly Performance[];
  now: Date;
}

/**
 * The next-performance box of a show card and its button (spec section 4): 'Réserver' for one
 * upcoming performance (its booking link; the booking form when it takes reservations on the site;
 * else the list dialog), 'Voir les représentations' for several, and a notice when none is planned.
 */
export function BookingPanel({ showName, performances, now }: BookingPanelProps) {
  const [open, setOpen] = useState(false);
  const state = bookingButtonState(performances, now);

  if (state.kind === 'none') {
    return (
      <div className={`${styles.panel} ${styles.empty}`}>
        <p className={styles.none}>{state.label}</p>
      </div>
    );
  }

  const upcoming = state.kind === 'book' ? [state.performance] : state.performances;
  const next = upcoming[0]!;
  const bookingLink = state.kind === 'book' ? state.performance.bookingLink : null;
  const bookable = state.kind === 'book' && takesReservations(state.performance) ? state.performance : null;
  return (
    <div className={styles.panel}>
      <div className={styles.next}>
        <p className={styles.label}>{state.kind === 'list' ? `Prochaine date · ${upcoming.length} représentations` : 'Prochaine représentation'}</p>
        <p className={styles.date}>
          <PerformanceDate iso={next.date} />
        </p>
        <p className={styles.venue}>{next.venueName ?? texts.performances.venueUnknown}</p>
      </div>
      {bookingLink ? (
        <Button href={bookingLink} target="_blank" rel="noopener noreferrer" size="sm">
          {state.label}
          <span className="visually-hidden"> — {showName} (nouvel onglet)</span>
        </Button>
      ) : (
        <Button size="sm" onClick={() => setOpen(true)} aria-haspopup="dialog">
          {state.label}
          <span className="visually-hidden"> — {showName}</span>
        </Button>
      )}
      {bookable ? (
        <ReservationModal open={open} onClose={() => setOpen(false)} showName={showName} performance={bookable} />
      ) : (
        <PerformancesModal open={open} onClose={() => setOpen(false)} showName={showName} performances={upcoming} />
      )}
    </div>
  );
}
