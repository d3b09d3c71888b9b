import { LEGAL_FIELD_LABELS, missingLegalFields } from '@bande/shared/legal-fields';
import { Alert } from '../ui/alert.tsx';
import { AdminButton } from '../ui/button.tsx';
import { useAdminLegal } from './legal-queries.ts';
import styles from './legal.module.css';

/**
 * Until every legal detail is filled, the dashboard names the missing ones above the open tab: the law
 * (LCEN) requires them on the public legal page, which leaves them out meanwhile.
 */
export function LegalWarning({ onOpen }: { onOpen: () => void }) {
  const legal = useAdminLegal();
  const missing = legal.data ? missingLegalFields(legal.data) : [];
  if (missing.length === 0) return null;
  return (
    <Alert tone="info" className={styles.warning}>
      <p>
        <strong>Mentions légales incomplètes.</strong> La loi impose d’afficher ces informations sur le site ; il manque :
      </p>
      <ul className={styles.warningList}>
        {missing.map((field) => (
          <li key={field}>{LEGAL_FIELD_LABELS[field]}</li>
        ))}
      </ul>
      <AdminButton small variant="primary" onClick={onOpen}>
        Compléter les informations légales
      </AdminButton>
    </Alert>
  );
}
