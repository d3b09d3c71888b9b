import { lazyModal } from '../../components/lazy-modal.tsx';
import type { ReservationModalProps } from './reservation-dialog.tsx';

export type { ReservationModalProps };

/** The booking dialog of a performance; its form is fetched on first opening (see lazyModal). */
export const ReservationModal = lazyModal<ReservationModalProps>(() => import('./reservation-dialog.tsx').then((module) => module.ReservationDialog));
