import { lazyModal } from '../../components/lazy-modal.tsx';
import type { CardRequestModalProps } from './card-request-dialog.tsx';

export type { CardRequestModalProps };


/** The subscriber-card request dialog; its form is fetched on first opening (see lazyModal). */
export const CardRequestModal = lazyModal<CardRequestModalProps>(() => import('./card-request-dialog.tsx').then((module) => module.CardRequestDialog));
