import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LEGAL_FIELD_LABELS, LEGAL_FIELD_MAX, legalSettingsInputSchema, texts, type LegalField, type LegalSettings } from '@bande/shared';
import { adminTexts } from '../admin-texts.ts';
import { ApiError } from '../../lib/api-client.ts';
import { invalidateAfterChange, useAdminApi } from '../lib/admin-api.ts';
import { failureWithDetail } from '../lib/mutations.ts';
import { fieldErrors, serverFieldErrors, withoutError, type FieldErrors } from '../lib/form-errors.ts';
import { AdminButton } from '../ui/button.tsx';
import { Alert } from '../ui/alert.tsx';
import { TextField } from '../ui/field.tsx';
import { LoadingRow, ui } from '../ui/layout.tsx';
import { TabPage } from '../ui/tab-page.tsx';
import { useToast } from '../ui/toast.tsx';
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

export function LegalTab() {
  const legal = useAdminLegal();
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
        <LegalForm loaded={legal.data} />
      )}
    </TabPage>
  );
}

function LegalForm({ loaded }: { loaded: LegalSettings }) {
  const api = useAdminApi();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [values, setValues] = useState<LegalSettings>(loaded);
  const [errors, setErrors] = useState<FieldErrors>({});

  // Opened with details missing (the dashboard's warning leads here): the focus goes to the first empty field.
  useEffect(() => {
    const firstEmpty = GROUPS.flatMap((group) => group.fields).find((field) => !loaded[field].trim());
    if (firstEmpty) document.getElementById(fieldId(firstEmpty))?.focus();
    // Once, when the form appears with what the server gave.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const save = useMutation({
    mutationFn: (body: LegalSettings) => api.send('PUT', '/api/legal', body),
    onSuccess: () => {
      invalidateAfterChange(queryClient, legalKey);
      toast.show('Informations légales enregistrées', 'success');
    },
    onError: (error) => {
      if (error instanceof ApiError) showErrors(serverFieldErrors(error.body));
      toast.show(failureWithDetail('Erreur lors de l’enregistrement des informations légales', error), 'error');
    },
  });

  /** Shows the messages under their fields and puts the focus on the first one, for keyboard and screen-reader users. */
  function showErrors(found: FieldErrors) {
    setErrors(found);
    const first = GROUPS.flatMap((group) => group.fields).find((field) => field in found);
    if (first) document.getElementById(fieldId(first))?.focus();
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = legalSettingsInputSchema.safeParse(values);
    if (!parsed.success) {
      showErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setValues(parsed.data);
    save.mutate(parsed.data);
  }

  const setField = (field: LegalField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => withoutError(current, field));
  };

  return (
    <form onSubmit={onSubmit} noValidate className={[ui.surface, styles.card].join(' ')} aria-labelledby="tab-title">
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
                value={values[field]}
                maxLength={LEGAL_FIELD_MAX[field]}
                onChange={(event) => setField(field, event.target.value)}
                error={errors[field]}
                hint={HINTS[field]}
                autoComplete="off"
              />
            ))}
          </div>
        </fieldset>
      ))}
      <div className={styles.actionsBar}>
        <AdminButton type="submit" variant="primary" disabled={save.isPending}>
          {save.isPending ? texts.submitting.saving : adminTexts.actions.save}
        </AdminButton>
      </div>
    </form>
  );
}
