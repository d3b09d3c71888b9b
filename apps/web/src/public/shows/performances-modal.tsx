import { lazyModal } from '../../components/lazy-modal.tsx';
import type { PerformancesModalProps } from './performances-dialog.tsx';

export type { PerformancesModalProps };


/** The dialog listing a show's upcoming performances; its code is fetched on first opening (see lazyModal). */
export const PerformancesModal = lazyModal<PerformancesModalProps>(() => import('./performances-dialog.tsx').then((module) => module.PerformancesDialog));
