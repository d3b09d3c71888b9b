import { texts } from '@bande/shared/texts';
import { Modal } from '../../components/modal.tsx';
import { Button } from '../../components/button.tsx';
import styles from './maintenance-question.module.css';

export interface MaintenanceQuestionProps {
  open: boolean;
  onClose: () => void;
  /** Oui: the visitor enters the site as it is. */
  onEnter: () => void;
}

/** 'Entrer en mode maintenance ?', asked when M is pressed on the maintenance screen (loaded on first opening). */
export function MaintenanceQuestion({ open, onClose, onEnter }: MaintenanceQuestionProps) {
  return (
    <Modal open={open} onClose={onClose} size="sm" title="Entrer en mode maintenance ?">
      <p className={styles.question}>Vous accéderez au site tel qu&apos;il est, pendant les travaux.</p>
      <div className={styles.actions}>
        <Button onClick={onEnter}>{texts.maintenance.yes}</Button>
        <Button variant="secondary" onClick={onClose}>
          {texts.maintenance.no}
        </Button>
      </div>
    </Modal>
  );
}
