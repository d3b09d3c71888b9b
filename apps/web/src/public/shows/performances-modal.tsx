import type { Performance } from '@bande/shared/schemas/shows';
import { lazyModal } from '../../components/lazy-modal.tsx';

export interface PerformancesModalProps {
  open: boolean;
  onClose: () => void;
  showName: string;
  /** The upcoming performances, soonest first. */
  performances: readonly Performance[];
}

/** The dialog listing a show's upcoming performances; its code is fetched on first opening (see lazyModal). */
export const PerformancesModal = lazyModal<PerformancesModalProps>(() => import('./performances-dialog.tsx').then((module) => module.PerformancesDialog));
