import { useEffect, useRef, useState } from 'react';
import type { GalleryItem } from '@bande/shared';
import { GALLERY_TYPES } from '@bande/shared/constants';
import { galleryInputSchema } from '@bande/shared/schemas/gallery';
import { texts } from '@bande/shared/texts';
import { youtubeIdFrom, youtubeThumbnail } from '@bande/shared/format/youtube';
import { errorTextFor } from '../../lib/api-client.ts';
import type { AdminApi } from '../lib/admin-api.ts';
import { formFailure } from '../lib/mutations.ts';
import type { FieldErrors } from '../lib/form-errors.ts';
import { formSchemaFrom } from '../lib/form-schema.ts';
import { adminTexts } from '../admin-texts.ts';
import { AdminModal } from '../ui/modal.tsx';
import { AdminButton } from '../ui/button.tsx';
import { TextAreaField, TextField } from '../ui/field.tsx';
import { ui } from '../ui/layout.tsx';
import { UploadIcon } from '../ui/icons.tsx';
import { RecordForm } from '../ui/record-form.tsx';
import { saveRecord, useRecordForm } from '../ui/use-record-form.ts';
import { GALLERY_TYPE_LABELS, galleryKey } from './gallery-queries.ts';
import styles from './gallery.module.css';
import { HistoryPanel } from '../history/history-panel.tsx';
import { ScheduleFields } from '../scheduling/schedule-fields.tsx';
import { scheduleInputsOf, schedulePayload, type ScheduleInputs } from '../scheduling/schedule-inputs.ts';

type MediaType = GalleryItem['type'];

interface GalleryFormValues extends ScheduleInputs {
  type: MediaType;
  /** The YouTube link (a photo's or a video's URL comes from its upload, at save time). */
  url: string;
  /** The photo or video chosen, sent when saving. */
  file: File | null;
  title: string;
  description: string;
}

const ACCEPT: Record<Exclude<MediaType, 'youtube'>, string> = {
  photo: 'image/jpeg,image/png,image/webp,image/avif,image/gif',
  video: 'video/mp4,video/webm,video/ogg',
};

const formatSize = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1).replace('.', ',')} Mo` : `${Math.max(1, Math.round(bytes / 1024))} Ko`;

/** Editing a photo or video of the same type: no new file keeps the current one. */
const currentFileUrlOf = (item: GalleryItem | null, type: MediaType) => (item && item.type === type && type !== 'youtube' ? item.url : null);

/** A failed or cancelled upload: its message is the form's alert as it is. */
class UploadFailed extends Error {}

/**
 * The form checks the body as it will be once the file is uploaded (a stand-in URL until then), so that
 * a wrong title or date is said before a long upload, not after.
 */
function galleryFormSchema(item: GalleryItem | null) {
  return formSchemaFrom(
    galleryInputSchema,
    ({ type, url, title, description, ...values }: GalleryFormValues) => ({
      type,
      url: type === 'youtube' ? url : (currentFileUrlOf(item, type) ?? '/uploads/pending'),
      title,
      description,
      ...schedulePayload(values),
    }),
    ({ type, file }): FieldErrors => (type !== 'youtube' && !file && !currentFileUrlOf(item, type) ? { url: 'Veuillez choisir un fichier' } : {}),
  );
}

export function GalleryFormModal({ item, onClose }: { item: GalleryItem | null; onClose: () => void }) {
  /** Spec section 4: the form is idle, uploading (a file on its way: its percentage here) or saving. */
  const [progress, setProgress] = useState<number | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  const fileInputRef = useRef<HTMLInputElement>(null);

  useEffect(() => () => abortRef.current?.abort(), []);

  async function upload(api: AdminApi, file: File): Promise<string> {
    const controller = new AbortController();
    abortRef.current = controller;
    setProgress(0);
    try {
      return (await api.upload(file, { signal: controller.signal, onProgress: setProgress })).url;
    } catch (error) {
      if (controller.signal.aborted) throw new UploadFailed(texts.errors.uploadCancelled);
      const said = errorTextFor(error);
      throw new UploadFailed(said && said !== texts.errors.upload ? `${texts.errors.fileUpload} : ${said}` : texts.errors.fileUpload);
    } finally {
      abortRef.current = null;
      setProgress(null);
    }
  }

  async function save(api: AdminApi, _checked: unknown, values: GalleryFormValues) {
    const { type, file, title, description } = values;
    const url = type === 'youtube' ? values.url : file ? await upload(api, file) : currentFileUrlOf(item, type)!;
    const thumbnail = type === 'youtube' ? youtubeThumbnail(youtubeIdFrom(url)!) : type === 'photo' ? url : item?.type === 'video' ? item.thumbnail : null;
    return saveRecord('/api/gallery', item)(api, { type, url, thumbnail, title, description, ...schedulePayload(values) });
  }

  const form = useRecordForm({
    schema: galleryFormSchema(item),
    defaultValues: {
      type: item?.type ?? 'photo',
      url: item?.type === 'youtube' ? item.url : '',
      file: null,
      title: item?.title ?? '',
      description: item?.description ?? '',
      ...scheduleInputsOf(item),
    },
    save,
    queryKey: galleryKey,
    onClose,
    failure: (error) => (error instanceof UploadFailed ? error.message : formFailure(texts.errors.gallerySave, error)),
  });
  const { watch, setValue, clearErrors } = form.form;
  const type = watch('type');
  const file = watch('file');
  const youtubeId = youtubeIdFrom(watch('url'));
  const currentFileUrl = currentFileUrlOf(item, type);
  const fileError = form.errorOf('url');
  const busy = form.saving;

  function changeType(next: MediaType) {
    setValue('type', next);
    setValue('file', null);
    clearErrors();
    if (fileInputRef.current) fileInputRef.current.value = '';
  }

  return (
    <AdminModal title={item ? 'Modifier le média' : 'Nouveau média'} onClose={onClose} busy={busy}>
      <RecordForm form={form} busyLabel={progress !== null ? adminTexts.uploading : undefined}>
        <fieldset className={styles.typeChoice} disabled={busy}>
          <legend>Type de média</legend>
          {GALLERY_TYPES.map((option) => (
            <label key={option} className={styles.typeOption}>
              <input type="radio" name="media-type" value={option} checked={type === option} onChange={() => changeType(option)} />
              {GALLERY_TYPE_LABELS[option]}
            </label>
          ))}
        </fieldset>

        {type === 'youtube' ? (
          <>
            <TextField
              label="Lien YouTube"
              required
              type="url"
              inputMode="url"
              placeholder="https://www.youtube.com/watch?v=..."
              {...form.inputProps('url')}
              // Said while typing, before any save.
              error={fileError ?? (watch('url').trim() && !youtubeId ? texts.validation.youtubeInvalid : undefined)}
              disabled={busy}
            />
            {youtubeId ? <img className={styles.preview} src={youtubeThumbnail(youtubeId)} alt="Miniature de la vidéo YouTube" /> : null}
          </>
        ) : (
          <div className={styles.fileBox} role="group" aria-labelledby="gallery-file-label">
            <span id="gallery-file-label" className={ui.label}>
              {type === 'photo' ? 'Fichier image' : 'Fichier vidéo'}
              {currentFileUrl ? null : (
                <span className={ui.required} aria-hidden="true">
                  *
                </span>
              )}
            </span>
            {currentFileUrl && !file ? (
              type === 'photo' ? (
                <img className={styles.preview} src={currentFileUrl} alt="Image actuelle" />
              ) : (
                <video className={styles.preview} src={currentFileUrl} controls preload="metadata" />
              )
            ) : null}
            <div className={ui.uploadButtons}>
              <input
                ref={fileInputRef}
                id="gallery-file"
                type="file"
                accept={ACCEPT[type]}
                className={ui.fileInput}
                tabIndex={-1}
                aria-hidden="true"
                disabled={busy}
                aria-describedby="gallery-file-hint"
                aria-invalid={fileError ? true : undefined}
                onChange={(e) => setValue('file', e.target.files?.[0] ?? null)}
              />
              <AdminButton small icon={<UploadIcon />} onClick={() => fileInputRef.current?.click()} disabled={busy} aria-describedby="gallery-file-hint">
                {file || currentFileUrl ? 'Choisir un autre fichier' : 'Choisir un fichier'}
              </AdminButton>
              <span className={ui.hint} aria-live="polite">
                {file ? `${file.name} (${formatSize(file.size)})` : currentFileUrl ? 'Fichier actuel conservé' : 'Aucun fichier choisi'}
              </span>
            </div>
            <p id="gallery-file-hint" className={ui.hint}>
              {type === 'video' ? texts.admin.videoHint : 'JPEG, PNG, WebP, AVIF ou GIF — 15 Mo maximum'}
              {currentFileUrl ? ' · Laisser vide pour garder le fichier actuel.' : ''}
            </p>
            {fileError ? <p className={ui.fieldError}>{fileError}</p> : null}
            {progress !== null ? (
              <div className={ui.uploadControls}>
                <div className={ui.progress} role="progressbar" aria-label="Envoi du fichier" aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress}>
                  <div className={ui.progressBar} style={{ width: `${progress}%` }} />
                </div>
                <div className={ui.uploadButtons}>
                  <span className={ui.hint}>{progress} %</span>
                  <AdminButton small onClick={() => abortRef.current?.abort()}>
                    Annuler l’envoi
                  </AdminButton>
                </div>
              </div>
            ) : null}
          </div>
        )}

        <TextField label="Titre" {...form.inputProps('title')} disabled={busy} hint="Facultatif." />
        <TextAreaField label="Description" rows={3} {...form.inputProps('description')} disabled={busy} hint="Facultative." />
        <ScheduleFields form={form} disabled={busy} />
        {item ? <HistoryPanel entity="gallery" entityId={item.id} contentKey={galleryKey} onRestored={onClose} /> : null}
      </RecordForm>
    </AdminModal>
  );
}
