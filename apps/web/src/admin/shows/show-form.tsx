import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SHOW_TYPES, showInputSchema, texts, type Show } from '@bande/shared';
import { ApiError } from '../../lib/api-client.ts';
import { invalidateAfterChange, useAdminApi } from '../lib/admin-api.ts';
import { fieldErrors, serverFieldErrors, withoutError, type FieldErrors } from '../lib/form-errors.ts';
import { failureWithDetail } from '../lib/mutations.ts';
import { adminTexts } from '../admin-texts.ts';
import { ModalBody, ModalFooter, modalStyles } from '../ui/modal.tsx';
import { AdminButton } from '../ui/button.tsx';
import { Alert } from '../ui/alert.tsx';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../ui/field.tsx';
import { ImageUpload } from '../ui/image-upload.tsx';
import { ui } from '../ui/layout.tsx';
import { RecordFormModal, type RecordFormProps } from '../ui/record-form-modal.tsx';
import { useAdminMembers } from '../members/members-queries.ts';
import { useAdminVenues, useSiteInfo } from '../venues/venues-queries.ts';
import { ScheduleFields } from '../scheduling/schedule-fields.tsx';
import { CreditsEditor } from './credits-editor.tsx';
import { PerformancesEditor } from './performances-editor.tsx';
import { ShowPreviewActions } from './show-preview-actions.tsx';
import { toFormState, toPayload, type AuthorFields, type BookFields, type ShowFormState } from './show-form-state.ts';
import { showsKey, useAdminShow } from './shows-queries.ts';
import { HistoryPanel } from '../history/history-panel.tsx';

export function ShowFormModal({ showId, onClose }: { showId: number | null; onClose: () => void }) {
  const show = useAdminShow(showId);
  return (
    <RecordFormModal recordId={showId} record={show} titles={{ create: 'Nouveau spectacle', edit: 'Modifier le spectacle' }} loadError={texts.errors.showLoad} size="lg" onClose={onClose}>
      {(props) => <ShowForm {...props} />}
    </RecordFormModal>
  );
}

function ShowForm({ record: show, onClose, onBusyChange }: RecordFormProps<Show>) {
  const api = useAdminApi();
  const queryClient = useQueryClient();
  const members = useAdminMembers();
  const venues = useAdminVenues();
  const site = useSiteInfo();
  const [state, setState] = useState<ShowFormState>(() => toFormState(show));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [uploads, setUploads] = useState(0);

  const set = <K extends keyof ShowFormState>(key: K, value: ShowFormState[K]) => {
    setState((current) => ({ ...current, [key]: value }));
    setErrors((current) => withoutError(current, key));
  };
  const setBook = (patch: Partial<BookFields>) => setState((current) => ({ ...current, book: { ...current.book, ...patch } }));
  const setAuthor = (patch: Partial<AuthorFields>) => setState((current) => ({ ...current, author: { ...current.author, ...patch } }));
  const trackUpload = (busy: boolean) => setUploads((count) => count + (busy ? 1 : -1));

  const save = useMutation({
    mutationFn: (body: unknown) => (show ? api.send('PUT', `/api/shows/${show.id}`, body) : api.send('POST', '/api/shows', body)),
    onMutate: () => onBusyChange(true),
    onSettled: () => onBusyChange(false),
    onSuccess: () => {
      invalidateAfterChange(queryClient, showsKey);
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError) setErrors(serverFieldErrors(error.body));
      setFormError(failureWithDetail(texts.errors.save, error));
    },
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const payload = toPayload(state, show !== null);
    const parsed = showInputSchema.safeParse(payload);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      setFormError('Certains champs sont à corriger.');
      return;
    }
    setErrors({});
    setFormError(null);
    // The body as built (not the parsed one): a disabled book or author must stay omitted.
    save.mutate(payload);
  }

  return (
    <form className={modalStyles.form} onSubmit={onSubmit} noValidate>
      <ModalBody>
        <div className={ui.form}>
          {formError ? <Alert>{formError}</Alert> : null}
          {show ? <ShowPreviewActions showId={show.id} /> : null}
          <div className={ui.row}>
            <TextField label="Nom du spectacle" required value={state.name} onChange={(e) => set('name', e.target.value)} error={errors.name} />
            <SelectField label="Type" required value={state.type} onChange={(e) => set('type', e.target.value)} error={errors.type}>
              {SHOW_TYPES.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
            </SelectField>
            <TextField label="Année" required inputMode="numeric" value={state.year} onChange={(e) => set('year', e.target.value)} error={errors.year} />
          </div>
          {show && state.name.trim() !== show.name ? (
            <CheckboxField
              label="Mettre à jour l’adresse de la page avec le nouveau nom"
              hint={`Adresse actuelle : /show/${show.slug} — les liens déjà partagés ne fonctionneront plus.`}
              checked={state.regenerateSlug}
              onChange={(e) => set('regenerateSlug', e.target.checked)}
            />
          ) : null}
          <TextAreaField label="Pitch" required rows={3} value={state.pitch} onChange={(e) => set('pitch', e.target.value)} error={errors.pitch} />
          <TextAreaField label="Note de mise en scène" required rows={5} value={state.note} onChange={(e) => set('note', e.target.value)} error={errors.note} />
          <TextAreaField label="Citation" rows={2} value={state.quote} onChange={(e) => set('quote', e.target.value)} error={errors.quote} />
          <TextAreaField label="Remerciements" rows={2} value={state.remerciement} onChange={(e) => set('remerciement', e.target.value)} error={errors.remerciement} />
          <ImageUpload label="Photo du spectacle" value={state.photo} onChange={(url) => set('photo', url)} onBusyChange={trackUpload} />
          <ScheduleFields value={state.schedule} onChange={(schedule) => set('schedule', schedule)} errors={errors} />

          <PerformancesEditor
            rows={state.performances}
            onChange={(rows) => set('performances', rows)}
            venues={venues.data ?? []}
            searchUrl={site.data?.addressSearchUrl}
            errors={errors}
          />
          <CreditsEditor rows={state.credits} onChange={(rows) => set('credits', rows)} members={members.data ?? []} error={errors.credits} />

          <fieldset className={ui.fieldset}>
            <legend>Livre adapté</legend>
            <CheckboxField label="Ce spectacle adapte un livre" checked={state.bookEnabled} onChange={(e) => set('bookEnabled', e.target.checked)} />
            {state.bookEnabled ? (
              <>
                <div className={ui.row}>
                  <TextField label="Titre du livre" value={state.book.name} onChange={(e) => setBook({ name: e.target.value })} error={errors['book.name']} hint="Sans titre, aucun livre n’est enregistré." />
                  <TextField label="Genre" placeholder="Roman, théâtre, poésie..." value={state.book.type} onChange={(e) => setBook({ type: e.target.value })} />
                </div>
                <TextAreaField label="Description du livre" rows={3} value={state.book.description} onChange={(e) => setBook({ description: e.target.value })} />
                <TextAreaField label="Note sur le livre" rows={2} value={state.book.note} onChange={(e) => setBook({ note: e.target.value })} />
                <ImageUpload label="Couverture du livre" value={state.book.photo} onChange={(url) => setBook({ photo: url })} onBusyChange={trackUpload} />
              </>
            ) : null}
          </fieldset>

          <fieldset className={ui.fieldset}>
            <legend>Auteur</legend>
            <CheckboxField label="Présenter l’auteur" checked={state.authorEnabled} onChange={(e) => set('authorEnabled', e.target.checked)} />
            {state.authorEnabled ? (
              <>
                <div className={ui.row}>
                  <TextField label="Nom de l’auteur" value={state.author.name} onChange={(e) => setAuthor({ name: e.target.value })} error={errors['author.name']} hint="Sans nom, aucun auteur n’est enregistré." />
                  <TextField label="Dates de vie" placeholder="1802 – 1885" value={state.author.date} onChange={(e) => setAuthor({ date: e.target.value })} />
                </div>
                <TextAreaField label="Présentation de l’auteur" rows={3} value={state.author.description} onChange={(e) => setAuthor({ description: e.target.value })} />
                <ImageUpload label="Portrait de l’auteur" value={state.author.photo} onChange={(url) => setAuthor({ photo: url })} onBusyChange={trackUpload} />
              </>
            ) : null}
          </fieldset>
          {show ? <HistoryPanel entity="show" entityId={show.id} contentKey={showsKey} onRestored={onClose} /> : null}
        </div>
      </ModalBody>
      <ModalFooter>
        <AdminButton onClick={onClose} disabled={save.isPending}>
          {adminTexts.actions.cancel}
        </AdminButton>
        <AdminButton type="submit" variant="primary" disabled={save.isPending || uploads > 0}>
          {save.isPending ? texts.submitting.saving : adminTexts.actions.save}
        </AdminButton>
      </ModalFooter>
    </form>
  );
}
