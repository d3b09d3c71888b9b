import type { Performance } from '@bande/shared/schemas/shows';
import { bookingTexts } from '@bande/shared/booking-texts';
import { texts } from '@bande/shared/texts';
import { useParisDates } from '../../app/dates/paris-dates.tsx';
import { Modal } from '../../components/modal.tsx';
import { ReservationForm } from './reservation-form.tsx';
import { sendAudienceBeacon } from '../audience/beacon.ts';
import { useEffect } from 'react';

export interface ReservationModalProps {
  open: boolean;
  onClose: () => void;
  showName: string;
  /** A performance that takes reservations on the site (takesReservations). */
  performance: Performance;
}

/** The booking form of one performance, in the site's dialog (loaded on first opening: reservation-modal.tsx). */
export function ReservationDialog({ open, onClose, showName, performance }: ReservationModalProps) {
  const dates = useParisDates();
  const venue = performance.venueName ?? texts.performances.venueUnknown;
  // The booking funnel's second step (issue 36): each opening of a performance's dialog is counted.
  useEffect(() => {
    if (open) sendAudienceBeacon({ kind: 'booking-dialog', path: window.location.pathname, performanceId: performance.id });
  }, [open, performance.id]);
  return (
    <Modal open={open} onClose={onClose} size="md" title={bookingTexts.dialogTitle} description={`${showName} — ${dates.performance(performance.date)} — ${venue}`}>
      <ReservationForm performanceId={performance.id} />
    </Modal>
  );
}
