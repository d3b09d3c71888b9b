import { ReservationLinkPage } from './reservation-link-page.tsx';

/** /reservation/confirmation?token=… — see ReservationLinkPage. */
export default function ReservationConfirmationPage() {
  return <ReservationLinkPage kind="confirm" />;
}
