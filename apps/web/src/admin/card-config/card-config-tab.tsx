import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { CardConfig } from '@bande/shared';
import { cardConfigInputSchema } from '@bande/shared/schemas/card-config';
import { texts } from '@bande/shared/texts';
import { adminTexts } from '../admin-texts.ts';
import { formErrorMessage } from '../lib/admin-api.ts';
import { AdminButton } from '../ui/button.tsx';
import { Alert } from '../ui/alert.tsx';
import { CheckboxField, TextAreaField, TextField } from '../ui/field.tsx';
import { LoadingRow, ui } from '../ui/layout.tsx';
import { TabPage } from '../ui/tab-page.tsx';
import { useToast } from '../ui/toast.tsx';
import { useAdminForm } from '../ui/use-admin-form.ts';
import { cardConfigKey, previewCardUrl, useAdminCardConfig } from './card-config-queries.ts';
import { ModalPreview, TestModal } from './modal-preview.tsx';
import styles from './card-config.module.css';
import { HistoryPanel } from '../history/history-panel.tsx';

/** The card config is one record: its history is entity 1. */
const CARD_CONFIG_REVISION_ID = 1;

type SubTab = 'card' | 'modal';
type TextKey = Exclude<keyof CardConfig, 'isEnabled'>;

export function CardConfigTab() {
  const config = useAdminCardConfig();
  const queryClient = useQueryClient();
  // A restore gives the form new starting values: the editor starts again from them.
  const [restores, setRestores] = useState(0);
  const onRestored = (restored: Record<string, unknown>) => {
    queryClient.setQueryData(cardConfigKey, restored as unknown as CardConfig);
    setRestores((n) => n + 1);
  };
  return (
    <TabPage
      title={adminTexts.tabs['card-config']}
      description="La section qui invite les visiteurs à demander leur carte d’abonnement, et la fenêtre de demande."
    >
      {config.isPending ? (
        <div className={ui.panel}>
          <LoadingRow />
        </div>
      ) : config.isError ? (
        <Alert>{texts.errors.cardConfigLoad}</Alert>
      ) : (
        <>
          <CardConfigEditor key={restores} loaded={config.data} />
          <HistoryPanel entity="card-config" entityId={CARD_CONFIG_REVISION_ID} contentKey={cardConfigKey} onRestored={onRestored} spaced />
        </>
      )}
    </TabPage>
  );
}

/** The fields of the « Section » sub-tab; the others are the request dialog's. */
const CARD_FIELDS: (keyof CardConfig)[] = ['isEnabled', 'sectionTitle', 'sectionDescription', 'buttonText'];

function CardConfigEditor({ loaded }: { loaded: CardConfig }) {
  const toast = useToast();
  const [subTab, setSubTab] = useState<SubTab>('card');
  // The reference for the "modified" markers: what the server last gave or accepted.
  const [saved, setSaved] = useState<CardConfig>(loaded);
  const [testing, setTesting] = useState(false);
  const config = useAdminForm({
    schema: cardConfigInputSchema,
    defaultValues: loaded,
    save: (api, body) => api.send('PUT', '/api/card-config', body),
    queryKey: cardConfigKey,
    onSaved: (body) => {
      setSaved(body);
      toast.show(texts.success.cardConfigUpdated, 'success');
    },
    onFailed: (error) => toast.show(texts.errors.cardConfigUpdate(formErrorMessage(error, texts.errors.generic)), 'error'),
    // Show the sub-tab holding the first broken field.
    onInvalid: (errors) => setSubTab(CARD_FIELDS.some((key) => key in errors) ? 'card' : 'modal'),
  });
  const values = config.form.watch();
  const previewSrc = useDebounced(previewCardUrl(values), 400);

  const isModified = (key: keyof CardConfig) => values[key] !== saved[key];
  const modifiedCount = (Object.keys(values) as (keyof CardConfig)[]).filter(isModified).length;
  const marker = (key: keyof CardConfig) =>
    isModified(key) ? (
      <span className={ui.modifiedBadge} data-testid={`modified-${key}`}>
        Modifié
      </span>
    ) : null;

  const textField = (key: TextKey, label: string, multiline = false) =>
    multiline ? (
      <TextAreaField label={label} required rows={4} {...config.inputProps(key)} labelExtra={marker(key)} />
    ) : (
      <TextField label={label} required {...config.inputProps(key)} labelExtra={marker(key)} />
    );

  return (
    <>
    <form onSubmit={config.onSubmit} noValidate>
      <div className={styles.subTabs} role="tablist" aria-label="Configuration">
        {(['card', 'modal'] as const).map((id) => (
          <button
            key={id}
            type="button"
            role="tab"
            id={`card-config-tab-${id}`}
            aria-selected={subTab === id}
            aria-controls={`card-config-panel-${id}`}
            className={styles.subTab}
            onClick={() => setSubTab(id)}
          >
            {texts.admin.cardConfigTabs[id]}
          </button>
        ))}
      </div>
      <div className={styles.layout}>
        <div className={[ui.surface, styles.card].join(' ')} role="tabpanel" id={`card-config-panel-${subTab}`} aria-labelledby={`card-config-tab-${subTab}`}>
          {subTab === 'card' ? (
            <div className={ui.form}>
              <div className={ui.sectionHead}>
                <CheckboxField label="Afficher la section sur le site" {...config.form.register('isEnabled')} />
                {marker('isEnabled')}
              </div>
              {textField('sectionTitle', 'Titre de la section')}
              {textField('sectionDescription', 'Description de la section', true)}
              {textField('buttonText', 'Texte du bouton')}
            </div>
          ) : (
            <div className={ui.form}>
              {textField('modalTitle', 'Titre de la fenêtre')}
              {textField('modalDescription', 'Description de la fenêtre', true)}
              {textField('modalButtonText', 'Texte du bouton d’envoi')}
            </div>
          )}
          <div className={styles.actionsBar}>
            <span className={styles.pending} aria-live="polite">
              {modifiedCount > 0 ? `${modifiedCount} modification(s) non enregistrée(s)` : 'Aucune modification'}
            </span>
            {/* Back to the saved texts; the messages stay until the next save, as before. */}
            <AdminButton onClick={() => config.form.reset(saved, { keepErrors: true })} disabled={modifiedCount === 0 || config.saving}>
              Rétablir
            </AdminButton>
            <AdminButton type="submit" variant="primary" disabled={config.saving}>
              {config.saving ? texts.submitting.saving : adminTexts.actions.save}
            </AdminButton>
          </div>
        </div>
        <div className={[ui.surface, styles.card].join(' ')}>
          <div className={styles.cardTitle}>
            <h2 className={styles.previewHeading}>Aperçu</h2>
            <AdminButton small onClick={() => setTesting(true)}>
              {texts.admin.testModal}
            </AdminButton>
          </div>
          {subTab === 'card' ? (
            <>
              <iframe className={styles.frame} src={previewSrc} title="Aperçu de la section carte d’abonnement" loading="lazy" />
              <p className={styles.previewNote}>L’aperçu suit vos modifications, avant même l’enregistrement.</p>
            </>
          ) : (
            <ModalPreview config={values} />
          )}
        </div>
      </div>
    </form>
    {testing ? <TestModal config={values} onClose={() => setTesting(false)} onSubmitPreview={() => toast.show('Aperçu : aucune demande n’a été envoyée.', 'info')} /> : null}
    </>
  );
}

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}
