import { ReservationLinkPage } from './reservation-link-page.tsx';

/** /reservation/liste-attente?token=… — see ReservationLinkPage. */
export default function ReservationClaimPage() {
  return <ReservationLinkPage kind="claim" />;
}
