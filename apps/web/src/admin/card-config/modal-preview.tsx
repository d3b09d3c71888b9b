import type { CardConfig } from '@bande/shared';
import { AdminModal, ModalBody, ModalFooter } from '../ui/modal.tsx';
import { AdminButton } from '../ui/button.tsx';
import { TextField } from '../ui/field.tsx';
import styles from './card-config.module.css';

const FIELDS = [
  { label: 'Prénom', type: 'text' },
  { label: 'Nom', type: 'text' },
  { label: 'Email', type: 'email' },
  { label: 'Téléphone', type: 'tel' },
] as const;

/** The card request window as visitors will see it, every field disabled (spec section 2). */
export function ModalPreview({ config }: { config: CardConfig }) {
  return (
    <div className={styles.simulated} aria-label="Aperçu de la fenêtre de demande de carte" role="group">
      <p className={styles.simulatedTitle}>{config.modalTitle}</p>
      <p className={styles.simulatedDescription}>{config.modalDescription}</p>
      <div className={styles.simulatedFields}>
        {FIELDS.map((field) => (
          <TextField key={field.label} label={field.label} type={field.type} disabled required />
        ))}
      </div>
      <AdminButton variant="primary" disabled block>
        {config.modalButtonText}
      </AdminButton>
    </div>
  );
}

/** 'Tester la modal': the window opened for real, with its texts; sending only tells that it is a test. */
export function TestModal({ config, onClose, onSubmitPreview }: { config: CardConfig; onClose: () => void; onSubmitPreview: () => void }) {
  return (
    <AdminModal title={config.modalTitle || 'Demande de carte'} onClose={onClose}>
      <ModalBody>
        <p className={styles.simulatedDescription}>{config.modalDescription}</p>
        <div className={styles.simulatedFields}>
          {FIELDS.map((field) => (
            <TextField key={field.label} label={field.label} type={field.type} required />
          ))}
        </div>
      </ModalBody>
      <ModalFooter>
        <AdminButton onClick={onClose}>Fermer</AdminButton>
        <AdminButton
          variant="primary"
          onClick={() => {
            onSubmitPreview();
            onClose();
          }}
        >
          {config.modalButtonText}
        </AdminButton>
      </ModalFooter>
    </AdminModal>
  );
}
