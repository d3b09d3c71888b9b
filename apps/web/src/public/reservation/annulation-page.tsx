import { ReservationLinkPage } from './reservation-link-page.tsx';

/** /reservation/annulation?token=… — see ReservationLinkPage. */
export default function ReservationCancelPage() {
  return <ReservationLinkPage kind="cancel" />;
}
