import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { HistoryPanel } from '../history/history-panel.tsx';
import type { LegalField, LegalSettings } from '@bande/shared';
import { LEGAL_FIELD_LABELS, LEGAL_FIELD_MAX, legalSettingsInputSchema } from '@bande/shared/schemas/legal';
import { texts } from '@bande/shared/texts';
import { adminTexts } from '../admin-texts.ts';
import { formFailure } from '../lib/mutations.ts';
import { AdminButton } from '../ui/button.tsx';
import { Alert } from '../ui/alert.tsx';
import { TextField } from '../ui/field.tsx';
import { LoadingRow, ui } from '../ui/layout.tsx';
import { TabPage } from '../ui/tab-page.tsx';
import { useToast } from '../ui/toast.tsx';
import { useAdminForm } from '../ui/use-admin-form.ts';
import { legalKey, useAdminLegal } from './legal-queries.ts';
import styles from './legal.module.css';

const GROUPS: { id: string; legend: string; hint: string; fields: LegalField[] }[] = [
  {
    id: 'publisher',
    legend: 'Éditeur du site',
    hint: "L'association qui publie le site.",
    fields: ['publisherName', 'publisherAddress', 'publicationDirector', 'publisherContact'],
  },
  {
    id: 'host',
    legend: 'Hébergeur',
    hint: 'La société qui héberge le site (voir le contrat ou la facture d’hébergement).',
    fields: ['hostName', 'hostAddress', 'hostPhone'],
  },
];

const HINTS: Partial<Record<LegalField, string>> = {
  publicationDirector: 'Nom et qualité, par exemple : Claire Vasseur, présidente de l’association.',
  publisherContact: 'Une adresse email ou un numéro de téléphone.',
};

export const fieldId = (field: LegalField) => `legal-${field}`;

/** The legal details are one record, id 1, in the history too. */
const LEGAL_REVISION_ID = 1;

export function LegalTab() {
  const legal = useAdminLegal();
  const queryClient = useQueryClient();
  // A restore gives the form new starting values: it starts again from them.
  const [restores, setRestores] = useState(0);
  const onRestored = (restored: Record<string, unknown>) => {
    queryClient.setQueryData(legalKey, restored as unknown as LegalSettings);
    setRestores((n) => n + 1);
  };
  return (
    <TabPage
      title={adminTexts.tabs.legal}
      description="L’éditeur et l’hébergeur du site, que la loi (LCEN) impose d’afficher sur la page des mentions légales."
    >
      {legal.isPending ? (
        <div className={ui.panel}>
          <LoadingRow />
        </div>
      ) : legal.isError ? (
        <Alert>Erreur lors du chargement des informations légales</Alert>
      ) : (
        <>
          <LegalForm key={restores} loaded={legal.data} />
          <HistoryPanel entity="legal" entityId={LEGAL_REVISION_ID} contentKey={legalKey} onRestored={onRestored} spaced />
        </>
      )}
    </TabPage>
  );
}

function LegalForm({ loaded }: { loaded: LegalSettings }) {
  const toast = useToast();
  const legal = useAdminForm({
    schema: legalSettingsInputSchema,
    defaultValues: loaded,
    save: (api, body) => api.send('PUT', '/api/legal', body),
    queryKey: legalKey,
    onSaved: (saved) => {
      // The fields show what was saved: trimmed.
      legal.form.reset(saved);
      toast.show('Informations légales enregistrées', 'success');
    },
    onFailed: (error) => toast.show(formFailure('Erreur lors de l’enregistrement des informations légales', error), 'error'),
  });

  // Opened with details missing (the dashboard's warning leads here): the focus goes to the first empty field.
  useEffect(() => {
    const firstEmpty = GROUPS.flatMap((group) => group.fields).find((field) => !loaded[field].trim());
    if (firstEmpty) document.getElementById(fieldId(firstEmpty))?.focus();
    // Once, when the form appears with what the server gave.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <form onSubmit={legal.onSubmit} noValidate className={[ui.surface, styles.card].join(' ')} aria-labelledby="tab-title">
      {GROUPS.map((group) => (
        <fieldset key={group.id} className={styles.group} aria-describedby={`legal-${group.id}-hint`}>
          <legend className={styles.legend}>{group.legend}</legend>
          <p id={`legal-${group.id}-hint`} className={styles.groupHint}>
            {group.hint}
          </p>
          <div className={ui.form}>
            {group.fields.map((field) => (
              <TextField
                key={field}
                id={fieldId(field)}
                label={LEGAL_FIELD_LABELS[field]}
                required
                maxLength={LEGAL_FIELD_MAX[field]}
                {...legal.inputProps(field)}
                hint={HINTS[field]}
                autoComplete="off"
              />
            ))}
          </div>
        </fieldset>
      ))}
      <div className={styles.actionsBar}>
        <AdminButton type="submit" variant="primary" disabled={legal.saving}>
          {legal.saving ? texts.submitting.saving : adminTexts.actions.save}
        </AdminButton>
      </div>
    </form>
  );
}
