import type { CardConfig } from '@bande/shared/schemas/card-config';
import { lazyModal } from '../../components/lazy-modal.tsx';

export interface CardRequestModalProps {
  open: boolean;
  onClose: () => void;
  config: Pick<CardConfig, 'modalTitle' | 'modalDescription' | 'modalButtonText'>;
}

/** The subscriber-card request dialog; its form is fetched on first opening (see lazyModal). */
export const CardRequestModal = lazyModal<CardRequestModalProps>(() => import('./card-request-dialog.tsx').then((module) => module.CardRequestDialog));
