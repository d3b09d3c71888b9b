import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { errorMessage, useAdminApi } from '../lib/admin-api.ts';
import { AdminButton } from '../ui/button.tsx';
import { CheckboxField, TextAreaField, TextField } from '../ui/field.tsx';
import { AdminModal, ModalBody, ModalFooter, useModalCloseGuard } from '../ui/modal.tsx';
import { useUnsavedWork } from '../ui/unsaved-work.ts';
import { useConfirm } from '../ui/confirm.tsx';
import { useToast } from '../ui/toast.tsx';
import { campaignsKey, useCampaignDetail } from './campaigns-queries.ts';
import { CampaignPreview } from './campaign-preview.tsx';
import { SendProgress, STATUS_LABELS } from './campaign-status.tsx';
import styles from './campaigns.module.css';

/**
 * One letter: its subject, Markdown and upcoming block with the live preview; the test copy; sending now
 * (after a confirmation that counts the recipients) or at a Paris time; the progress, the failures and
 * « Renvoyer aux échecs ». A letter sending or sent is read-only (the server answers 409 otherwise).
 */
export function CampaignEditor({ id, onClose }: { id: number; onClose: () => void }) {
  const detail = useCampaignDetail(id);
  const api = useAdminApi();
  const toast = useToast();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [includeUpcoming, setIncludeUpcoming] = useState(true);
  const [testEmail, setTestEmail] = useState('');
  const [at, setAt] = useState('');
  const [loaded, setLoaded] = useState(false);
  const campaign = detail.data;

  useEffect(() => {
    if (campaign && !loaded) {
      setSubject(campaign.subject);
      setBody(campaign.body);
      setIncludeUpcoming(campaign.includeUpcoming);
      setLoaded(true);
    }
  }, [campaign, loaded]);

  const editable = campaign ? ['draft', 'scheduled', 'cancelled'].includes(campaign.status) : false;
  // The letter as typed differs from the one saved (the saved one is read again after each save).
  const changed = loaded && editable && campaign !== undefined && (subject !== campaign.subject || body !== campaign.body || includeUpcoming !== campaign.includeUpcoming);
  const refresh = () => queryClient.invalidateQueries({ queryKey: campaignsKey });

  async function run(action: () => Promise<unknown>, done: string, failed: string) {
    try {
      await action();
      toast.show(done, 'success');
    } catch (error) {
      toast.show(errorMessage(error, failed), 'error');
    } finally {
      await refresh();
    }
  }

  const save = () => api.send('PUT', `/api/campaigns/${id}`, { subject, body, includeUpcoming });

  async function sendNow() {
    const { count } = await api.get<{ count: number }>('/api/campaigns/recipients-count');
    if (!(await confirm({ title: 'Envoyer la lettre', message: `Envoyer à ${count} abonnés ?`, confirmLabel: 'Envoyer' }))) return;
    await run(
      async () => {
        await save();
        await api.send('POST', `/api/campaigns/${id}/send`, {});
      },
      'Envoi commencé.',
      'Erreur lors de l’envoi',
    );
  }

  if (!campaign) return null;
  return (
    <AdminModal title={`Lettre : ${campaign.subject}`} onClose={onClose} size="lg">
      <ModalBody>
        <UnsavedLetter changed={changed} />
        <p>
          État : <strong>{STATUS_LABELS[campaign.status]}</strong> — {campaign.stats.sent} envoyés sur {campaign.stats.recipients}
          {campaign.stats.failed ? `, ${campaign.stats.failed} en échec` : ''}, {campaign.stats.pending} en attente.
        </p>
        {campaign.status === 'sending' ? <SendProgress campaign={campaign} /> : null}
        <TextField label="Objet" required value={subject} onChange={(e) => setSubject(e.target.value)} disabled={!editable} maxLength={200} />
        <TextAreaField
          label="Texte (Markdown)"
          hint="# Titre, **gras**, *italique*, [lien](https://…), listes avec « - », images des fichiers du site : ![description](/uploads/…)"
          required
          rows={10}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          disabled={!editable}
        />
        <CheckboxField label="Ajouter « Prochaines représentations »" checked={includeUpcoming} onChange={(e) => setIncludeUpcoming(e.target.checked)} disabled={!editable} />
        <h3>Aperçu</h3>
        <CampaignPreview subject={subject} body={body} includeUpcoming={includeUpcoming} />
        <div className={styles.row}>
          <TextField label="Adresse du test" type="email" value={testEmail} onChange={(e) => setTestEmail(e.target.value)} />
          <AdminButton onClick={() => void run(async () => { await save(); await api.send('POST', `/api/campaigns/${id}/test`, { email: testEmail }); }, `Test envoyé à ${testEmail}.`, 'Erreur lors de l’envoi du test')} disabled={!testEmail || !editable}>
            Envoyer un test
          </AdminButton>
        </div>
        {editable ? (
          <div className={styles.row}>
            <TextField label="Programmer l’envoi (heure de Paris)" type="datetime-local" value={at} onChange={(e) => setAt(e.target.value)} />
            <AdminButton onClick={() => void run(async () => { await save(); await api.send('POST', `/api/campaigns/${id}/send`, { at }); }, 'Envoi programmé.', 'Erreur lors de la programmation')} disabled={!at}>
              Programmer
            </AdminButton>
          </div>
        ) : null}
        {campaign.failures.length > 0 ? (
          <section className={styles.failures} aria-labelledby="echecs">
            <h3 id="echecs">Adresses en échec</h3>
            <ul>
              {campaign.failures.map((f) => (
                <li key={f.email}>
                  {f.email} {f.error ? `— ${f.error}` : ''}
                </li>
              ))}
            </ul>
            <AdminButton onClick={() => void run(() => api.send('POST', `/api/campaigns/${id}/retry-failed`), 'Nouvel essai des échecs lancé.', 'Erreur lors du renvoi')}>Renvoyer aux échecs</AdminButton>
          </section>
        ) : null}
      </ModalBody>
      <ModalFooter>
        {campaign.status === 'scheduled' || campaign.status === 'sending' ? (
          <AdminButton onClick={() => void run(() => api.send('POST', `/api/campaigns/${id}/cancel`), 'Envoi annulé.', 'Erreur lors de l’annulation')}>Annuler l’envoi</AdminButton>
        ) : null}
        {editable ? (
          <>
            <AdminButton onClick={() => void run(save, 'Lettre enregistrée.', 'Erreur lors de l’enregistrement')}>Enregistrer</AdminButton>
            {campaign.status !== 'scheduled' ? (
              <AdminButton variant="primary" onClick={() => void sendNow().catch((error: unknown) => toast.show(errorMessage(error, 'Erreur lors de l’envoi'), 'error'))}>
                Envoyer maintenant
              </AdminButton>
            ) : null}
          </>
        ) : null}
      </ModalFooter>
    </AdminModal>
  );
}

/**
 * Inside the dialog (whose close guard it reaches): while the letter has changes, closing it (Escape, ✕,
 * a click outside) asks « Abandonner les modifications ? », and so does leaving the page or the tab (issue 28).
 */
function UnsavedLetter({ changed }: { changed: boolean }) {
  useModalCloseGuard(changed);
  useUnsavedWork(changed);
  return null;
}
