import { bookingTexts } from '@bande/shared/booking-texts';
import { useAvailability } from './availability.queries.ts';
import styles from './seats-left.module.css';

/**
 * « N places restantes » or « Complet » for a performance that takes reservations on the site, read
 * when the performances dialog opens (never written into the server's page: it would be stale).
 * A polite live region: the count arrives after the list, and a screen reader hears it once.
 */
export function SeatsLeft({ performanceId }: { performanceId: number }) {
  const availability = useAvailability(performanceId);
  const data = availability.data;
  let text: string;
  let tone: 'open' | 'full' | 'muted' = 'muted';
  if (availability.isPending) text = bookingTexts.availabilityLoading;
  else if (!data) text = '';
  else if (data.remaining === 0) {
    text = bookingTexts.full;
    tone = 'full';
  } else if (!data.open) text = bookingTexts.closed;
  else if (data.remaining === null) text = '';
  else {
    text = bookingTexts.seatsLeft(data.remaining);
    tone = 'open';
  }
  return (
    <p className={`${styles.seats} ${styles[tone]}`} aria-live="polite">
      {text}
    </p>
  );
}
