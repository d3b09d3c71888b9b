import { useEffect, useRef, useState } from 'react';
import { frenchTypography } from '@bande/shared/format/french-typography';
import { useQueryClient } from '@tanstack/react-query';
import { campaignTexts, type Campaign, type CampaignAnnouncement, type CampaignStatusValue } from '@bande/shared/schemas/campaigns';
import { errorMessage, useAdminApi } from '../lib/admin-api.ts';
import { isoToLocalInput, localInputToIso } from '../lib/dates.ts';
import { AdminButton } from '../ui/button.tsx';
import { CheckboxField, TextAreaField, TextField } from '../ui/field.tsx';
import { AdminModal, ModalBody, ModalFooter, useModalCloseGuard } from '../ui/modal.tsx';
import { useUnsavedWork } from '../ui/unsaved-work.ts';
import { useConfirm } from '../ui/confirm.tsx';
import { useToast } from '../ui/toast.tsx';
import { campaignsKey, useCampaignDetail, type CampaignDetail } from './campaigns-queries.ts';
import { CampaignPreview } from './campaign-preview.tsx';
import { InsertImageButton } from './insert-image.tsx';
import { SendProgress, STATUS_LABELS } from './campaign-status.tsx';
import styles from './campaigns.module.css';

/** A new letter's text before anything is typed: closing it then leaves nothing on the server. */
const NEW_BODY = 'Bonjour,\n\n';
const EDITABLE: CampaignStatusValue[] = ['draft', 'scheduled', 'cancelled', 'failed'];
const parisDateTime = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', dateStyle: 'long', timeStyle: 'short' });

/** « Envoyer à 1 abonné ? », « Envoyer à 312 abonnés ? » (0 takes the singular in French). */
export const sendQuestion = (count: number) => `Envoyer à ${count} abonné${count > 1 ? 's' : ''}\u202f?`;

/**
 * One letter: its subject, Markdown and upcoming block with the live preview; the test copy; sending now
 * (after a confirmation that counts the recipients) or at a Paris time; the progress, the failures and
 * « Renvoyer aux échecs ». A letter sending or sent is read-only (the server answers 409 otherwise).
 * `id` null: a new letter, created on the server only by its first save, test or send, so that
 * « Nouvelle lettre » then Escape leaves nothing behind. A draft, scheduled or cancelled letter can be
 * deleted (after the backoffice's usual question); any letter can be duplicated into a new draft.
 */
export function CampaignEditor({
  id,
  initial = null,
  onClose,
  onCreated,
}: {
  id: number | null;
  /** A new letter's subject and text prepared by « Annoncer un spectacle » (nothing saved yet). */
  initial?: CampaignAnnouncement | null;
  onClose: () => void;
  onCreated: (id: number) => void;
}) {
  const detail = useCampaignDetail(id);
  const api = useAdminApi();
  const toast = useToast();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const isNew = id === null;
  const startBody = initial?.body ?? NEW_BODY;
  const [subject, setSubject] = useState(isNew ? (initial?.subject ?? '') : '');
  const [body, setBody] = useState(isNew ? startBody : '');
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  /** Puts an uploaded image's Markdown where the cursor was in the text (else at its end), on a line of its own. */
  function insertInBody(markdown: string) {
    const field = bodyRef.current;
    const start = field?.selectionStart ?? body.length;
    const end = field?.selectionEnd ?? body.length;
    const before = body.slice(0, start);
    const after = body.slice(end);
    const block = `${before && !before.endsWith('\n\n') ? (before.endsWith('\n') ? '\n' : '\n\n') : ''}${markdown}${after.startsWith('\n') ? '' : '\n\n'}`;
    setBody(before + block + after);
  }
  // An announcement lists its own show's performances: the block of every show's is not added twice.
  const startUpcoming = !(isNew && initial);
  const [includeUpcoming, setIncludeUpcoming] = useState(startUpcoming);
  const [testEmail, setTestEmail] = useState('');
  const [at, setAt] = useState('');
  const [loaded, setLoaded] = useState(isNew);
  const campaign = detail.data;

  useEffect(() => {
    if (campaign && !loaded) {
      setSubject(campaign.subject);
      setBody(campaign.body);
      setIncludeUpcoming(campaign.includeUpcoming);
      // A scheduled letter shows its time again when reopened (Paris wall clock, as typed).
      setAt(campaign.status === 'scheduled' && campaign.sendAt ? isoToLocalInput(campaign.sendAt) : '');
      setLoaded(true);
    }
  }, [campaign, loaded]);

  const editable = isNew || (campaign ? EDITABLE.includes(campaign.status) : false);
  // The letter as typed differs from the one saved (the saved one is read again after each save), or a
  // new one was typed into.
  const changed = isNew
    ? subject !== (initial?.subject ?? '') || body !== startBody || includeUpcoming !== startUpcoming
    : loaded && editable && campaign !== undefined && (subject !== campaign.subject || body !== campaign.body || includeUpcoming !== campaign.includeUpcoming);
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

  /**
   * Saves the letter as typed (creating it if new) and answers its id. The fields take the letter as the
   * server kept it (trimmed), and so does the cache, so that a saved letter never counts as changed.
   */
  async function save(): Promise<number> {
    const input = { subject, body, includeUpcoming };
    const { data } = id !== null ? await api.send<{ data: Campaign }>('PUT', `/api/campaigns/${id}`, input) : await api.send<{ data: Campaign }>('POST', '/api/campaigns', input);
    queryClient.setQueryData<CampaignDetail>([...campaignsKey, data.id], (old) => ({ failures: [], retryable: 0, ...old, ...data }));
    setSubject(data.subject);
    setBody(data.body);
    setIncludeUpcoming(data.includeUpcoming);
    if (id === null) onCreated(data.id);
    return data.id;
  }

  async function sendNow() {
    const { count } = await api.get<{ count: number }>('/api/campaigns/recipients-count');
    if (!(await confirm({ title: 'Envoyer la lettre', message: sendQuestion(count), confirmLabel: 'Envoyer la lettre' }))) return;
    await run(
      async () => {
        const saved = await save();
        await api.send('POST', `/api/campaigns/${saved}/send`, {});
      },
      'Envoi commencé.',
      'Erreur lors de l’envoi',
    );
  }

  async function retry(count: number) {
    if (!(await confirm({ title: 'Renvoyer aux échecs', message: campaignTexts.retryQuestion(count), confirmLabel: campaignTexts.retryAction(count) }))) return;
    await run(() => api.send('POST', `/api/campaigns/${id}/retry-failed`), 'Nouvel essai des échecs temporaires lancé.', 'Erreur lors du renvoi');
  }

  async function remove() {
    if (id === null || !(await confirm({ message: frenchTypography(`Supprimer la lettre « ${campaign?.subject ?? subject} » ? Elle sera effacée.`) }))) return;
    try {
      await api.send('DELETE', `/api/campaigns/${id}`);
      toast.show('Lettre supprimée.', 'success');
      onClose();
    } catch (error) {
      toast.show(errorMessage(error, 'Erreur lors de la suppression de la lettre'), 'error');
    } finally {
      await refresh();
    }
  }

  async function duplicate() {
    try {
      const { data } = await api.send<{ data: Campaign }>('POST', '/api/campaigns', { subject: `${subject} (copie)`.slice(0, 200), body, includeUpcoming });
      toast.show('Lettre dupliquée : la copie est un brouillon.', 'success');
      queryClient.setQueryData<CampaignDetail>([...campaignsKey, data.id], { ...data, failures: [], retryable: 0 });
      setLoaded(false);
      onCreated(data.id);
    } catch (error) {
      toast.show(errorMessage(error, 'Erreur lors de la duplication de la lettre'), 'error');
    } finally {
      await refresh();
    }
  }

  if (!isNew && !campaign) return null;
  return (
    <AdminModal title={campaign ? `Lettre : ${campaign.subject}` : 'Nouvelle lettre'} onClose={onClose} size="workspace">
      <ModalBody>
        {/* On a computer the writing and its preview side by side; on a phone, one under the other. */}
        <div className={styles.workspace}>
          <div className={styles.writing}>
            <UnsavedLetter changed={changed} />
            {campaign ? (
              <p>
                État : <strong>{STATUS_LABELS[campaign.status]}</strong>
                {campaign.status === 'scheduled' && campaign.sendAt ? ` pour le ${parisDateTime.format(new Date(campaign.sendAt))}` : ''}
                {campaign.sentAt ? ` le ${parisDateTime.format(new Date(campaign.sentAt))}` : ''} — {campaign.stats.sent} envoyés sur {campaign.stats.recipients}
                {campaign.stats.failed ? `, ${campaign.stats.failed} en échec` : ''}, {campaign.stats.pending} en attente.
              </p>
            ) : null}
            {campaign?.status === 'sending' ? <SendProgress campaign={campaign} /> : null}
            {campaign?.status === 'failed' && campaign.failureReason ? <p className={styles.failureReason}>{campaign.failureReason}</p> : null}
            <TextField label="Objet" required value={subject} onChange={(e) => setSubject(e.target.value)} disabled={!editable} maxLength={200} />
            <TextAreaField
              label="Texte (Markdown)"
              hint="# Titre, **gras**, *italique*, [lien](https://…), listes avec « - ». Une image insérée s’écrit ![description](/uploads/…) : changez sa description pour qui ne la voit pas."
              required
              rows={10}
              ref={bodyRef}
              value={body}
              onChange={(e) => setBody(e.target.value)}
              disabled={!editable}
            />
            <InsertImageButton disabled={!editable} onInsert={insertInBody} />
            <CheckboxField label="Ajouter « Prochaines représentations »" checked={includeUpcoming} onChange={(e) => setIncludeUpcoming(e.target.checked)} disabled={!editable} />
            <div className={styles.row}>
              <TextField label="Adresse du test" type="email" value={testEmail} onChange={(e) => setTestEmail(e.target.value)} />
              <AdminButton
                onClick={() =>
                  void run(
                    async () => {
                      const saved = await save();
                      await api.send('POST', `/api/campaigns/${saved}/test`, { email: testEmail });
                    },
                    `Test envoyé à ${testEmail}.`,
                    'Erreur lors de l’envoi du test',
                  )
                }
                disabled={!testEmail || !editable}
              >
                Envoyer un test
              </AdminButton>
            </div>
            {editable ? (
              <div className={styles.row}>
                <TextField label="Programmer l’envoi (heure de Paris)" type="datetime-local" value={at} onChange={(e) => setAt(e.target.value)} />
                <AdminButton
                  onClick={() =>
                    void run(
                      async () => {
                        const saved = await save();
                        await api.send('POST', `/api/campaigns/${saved}/send`, { at });
                      },
                      `Envoi programmé pour le ${parisDateTime.format(new Date(localInputToIso(at) ?? Date.now()))}.`,
                      'Erreur lors de la programmation',
                    )
                  }
                  disabled={!at}
                >
                  {campaign?.status === 'scheduled' ? 'Changer l’heure d’envoi' : 'Programmer'}
                </AdminButton>
              </div>
            ) : null}
            {campaign && campaign.failures.length > 0 ? (
              <section className={styles.failures} aria-labelledby="echecs">
                <h3 id="echecs">Adresses en échec</h3>
                <ul>
                  {campaign.failures.map((f) => (
                    <li key={f.email}>
                      {f.email} — {f.error}
                      {f.temporary ? '' : ' (pas de nouvel essai)'}
                      {f.detail ? <span className={styles.detail}>Réponse du serveur : {f.detail}</span> : null}
                    </li>
                  ))}
                </ul>
                {campaign.retryable > 0 ? <AdminButton onClick={() => void retry(campaign.retryable)}>Renvoyer aux échecs temporaires</AdminButton> : null}
              </section>
            ) : null}
          </div>
          <section className={styles.previewColumn} aria-labelledby="apercu-lettre">
            <h3 id="apercu-lettre">Aperçu</h3>
            <CampaignPreview subject={subject} body={body} includeUpcoming={includeUpcoming} />
          </section>
        </div>
      </ModalBody>
      <ModalFooter>
        {campaign ? <AdminButton onClick={() => void duplicate()}>Dupliquer</AdminButton> : null}
        {campaign && editable ? (
          <AdminButton variant="danger" onClick={() => void remove()}>
            Supprimer
          </AdminButton>
        ) : null}
        {campaign?.status === 'scheduled' || campaign?.status === 'sending' ? (
          <AdminButton onClick={() => void run(() => api.send('POST', `/api/campaigns/${id}/cancel`), 'Envoi annulé.', 'Erreur lors de l’annulation')}>Annuler l’envoi</AdminButton>
        ) : null}
        {editable ? (
          <>
            <AdminButton onClick={() => void run(save, 'Lettre enregistrée.', 'Erreur lors de l’enregistrement')}>Enregistrer</AdminButton>
            {campaign?.status !== 'scheduled' ? (
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
