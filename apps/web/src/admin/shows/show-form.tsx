import { useState } from 'react';
import type { Show } from '@bande/shared';
import { SHOW_TYPES } from '@bande/shared/constants';
import { showInputSchema } from '@bande/shared/schemas/shows';
import { texts } from '@bande/shared/texts';
import { formSchemaFrom } from '../lib/form-schema.ts';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../ui/field.tsx';
import { ImageUpload } from '../ui/image-upload.tsx';
import { ui } from '../ui/layout.tsx';
import { RecordFormModal, type RecordFormProps } from '../ui/record-form-modal.tsx';
import { RecordForm } from '../ui/record-form.tsx';
import { saveRecord, useRecordForm } from '../ui/use-record-form.ts';
import { useAdminMembers } from '../members/members-queries.ts';
import { useAdminVenues, useSiteInfo } from '../venues/venues-queries.ts';
import { ScheduleFields } from '../scheduling/schedule-fields.tsx';
import { CreditsEditor } from './credits-editor.tsx';
import { PerformancesEditor } from './performances-editor.tsx';
import { ShowPreviewActions } from './show-preview-actions.tsx';
import { toFormState, toPayload, type ShowFormState } from './show-form-state.ts';
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
  const members = useAdminMembers();
  const venues = useAdminVenues();
  const site = useSiteInfo();
  const editing = show !== null;
  const form = useRecordForm({
    schema: formSchemaFrom(showInputSchema, (values: ShowFormState) => toPayload(values, editing)),
    defaultValues: toFormState(show),
    // The body as built (not the checked one): a disabled book or author must stay omitted.
    save: (api, _checked, values) => saveRecord('/api/shows', show)(api, toPayload(values, editing)),
    queryKey: showsKey,
    onClose,
    onBusyChange,
    invalidMessage: 'Certains champs sont à corriger.',
  });
  const { register, watch } = form.form;
  const [uploads, setUploads] = useState(0);
  const trackUpload = (busy: boolean) => setUploads((count) => count + (busy ? 1 : -1));
  const performances = form.valueProps('performances');
  const credits = form.valueProps('credits');

  return (
    <RecordForm form={form} uploading={uploads > 0}>
      {show ? <ShowPreviewActions showId={show.id} /> : null}
      <div className={ui.row}>
        <TextField label="Nom du spectacle" required {...form.inputProps('name')} />
        <SelectField label="Type" required {...form.inputProps('type')}>
          {SHOW_TYPES.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </SelectField>
        <TextField label="Année" required inputMode="numeric" {...form.inputProps('year')} />
      </div>
      {show && watch('name').trim() !== show.name ? (
        <CheckboxField
          label="Mettre à jour l’adresse de la page avec le nouveau nom"
          hint={`Adresse actuelle : /show/${show.slug} — les liens déjà partagés ne fonctionneront plus.`}
          {...register('regenerateSlug')}
        />
      ) : null}
      <TextAreaField label="Pitch" required rows={3} {...form.inputProps('pitch')} />
      <TextAreaField label="Note de mise en scène" required rows={5} {...form.inputProps('note')} />
      <TextAreaField label="Citation" rows={2} {...form.inputProps('quote')} />
      <TextAreaField label="Remerciements" rows={2} {...form.inputProps('remerciement')} />
      <ImageUpload label="Photo du spectacle" {...form.valueProps('photo')} onBusyChange={trackUpload} />
      <ScheduleFields form={form} />

      <PerformancesEditor rows={performances.value} onChange={performances.onChange} venues={venues.data ?? []} searchUrl={site.data?.addressSearchUrl} errorOf={form.errorOf} />
      <CreditsEditor rows={credits.value} onChange={credits.onChange} members={members.data ?? []} error={form.errorOf('credits')} />

      <fieldset className={ui.fieldset}>
        <legend>Livre adapté</legend>
        <CheckboxField label="Ce spectacle adapte un livre" {...register('bookEnabled')} />
        {watch('bookEnabled') ? (
          <>
            <div className={ui.row}>
              <TextField label="Titre du livre" {...form.inputProps('book.name')} hint="Sans titre, aucun livre n’est enregistré." />
              <TextField label="Genre" placeholder="Roman, théâtre, poésie..." {...register('book.type')} />
            </div>
            <TextAreaField label="Description du livre" rows={3} {...register('book.description')} />
            <TextAreaField label="Note sur le livre" rows={2} {...register('book.note')} />
            <ImageUpload label="Couverture du livre" {...form.valueProps('book.photo')} onBusyChange={trackUpload} />
          </>
        ) : null}
      </fieldset>

      <fieldset className={ui.fieldset}>
        <legend>Auteur</legend>
        <CheckboxField label="Présenter l’auteur" {...register('authorEnabled')} />
        {watch('authorEnabled') ? (
          <>
            <div className={ui.row}>
              <TextField label="Nom de l’auteur" {...form.inputProps('author.name')} hint="Sans nom, aucun auteur n’est enregistré." />
              <TextField label="Dates de vie" placeholder="1802 – 1885" {...register('author.date')} />
            </div>
            <TextAreaField label="Présentation de l’auteur" rows={3} {...register('author.description')} />
            <ImageUpload label="Portrait de l’auteur" {...form.valueProps('author.photo')} onBusyChange={trackUpload} />
          </>
        ) : null}
      </fieldset>
      {show ? <HistoryPanel entity="show" entityId={show.id} contentKey={showsKey} onRestored={onClose} /> : null}
    </RecordForm>
  );
}
