import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { GALLERY_TYPES, galleryInputSchema, texts, youtubeIdFrom, youtubeThumbnail, type GalleryItem } from '@bande/shared';
import { ApiError } from '../../lib/api-client.ts';
import { invalidateAfterChange, useAdminApi } from '../lib/admin-api.ts';
import { fieldErrors, serverFieldErrors, type FieldErrors } from '../lib/form-errors.ts';
import { adminTexts } from '../admin-texts.ts';
import { AdminModal, ModalBody, ModalFooter, modalStyles } from '../ui/modal.tsx';
import { AdminButton } from '../ui/button.tsx';
import { Alert } from '../ui/alert.tsx';
import { TextAreaField, TextField } from '../ui/field.tsx';
import { ui } from '../ui/layout.tsx';
import { UploadIcon } from '../ui/icons.tsx';
import { GALLERY_TYPE_LABELS, galleryKey } from './gallery-queries.ts';
import styles from './gallery.module.css';
import { HistoryPanel } from '../history/history-panel.tsx';
import { ScheduleFields } from '../scheduling/schedule-fields.tsx';
import { scheduleInputsOf, schedulePayload } from '../scheduling/schedule-inputs.ts';

type MediaType = GalleryItem['type'];
/** Spec section 4: the gallery form is idle, uploading (a file on its way) or saving. */
type Phase = 'idle' | 'uploading' | 'saving';

const ACCEPT: Record<Exclude<MediaType, 'youtube'>, string> = {
  photo: 'image/jpeg,image/png,image/webp,image/avif,image/gif',
  video: 'video/mp4,video/webm,video/ogg',
};

const formatSize = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1).replace('.', ',')} Mo` : `${Math.max(1, Math.round(bytes / 1024))} Ko`;

export function GalleryFormModal({ item, onClose }: { item: GalleryItem | null; onClose: () => void }) {
  const api = useAdminApi();
  const queryClient = useQueryClient();
  const [type, setType] = useState<MediaType>(item?.type ?? 'photo');
  const [youtubeUrl, setYoutubeUrl] = useState(item?.type === 'youtube' ? item.url : '');
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState(item?.title ?? '');
  const [description, setDescription] = useState(item?.description ?? '');
  const [schedule, setSchedule] = useState(() => scheduleInputsOf(item));
  const [phase, setPhase] = useState<Phase>('idle');
  const [progress, setProgress] = useState(0);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  const fileInputRef = useRef<HTMLInputElement>(null);

  useEffect(() => () => abortRef.current?.abort(), []);

  const youtubeId = youtubeIdFrom(youtubeUrl);
  // Editing a photo or video of the same type: no new file keeps the current one.
  const currentFileUrl = item && item.type === type && type !== 'youtube' ? item.url : null;

  function changeType(next: MediaType) {
    setType(next);
    setFile(null);
    setErrors({});
    if (fileInputRef.current) fileInputRef.current.value = '';
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (phase !== 'idle') return;
    setFormError(null);
    if (type !== 'youtube' && !file && !currentFileUrl) {
      setErrors({ url: 'Veuillez choisir un fichier' });
      return;
    }
    const draft = { type, url: type === 'youtube' ? youtubeUrl : (currentFileUrl ?? '/uploads/pending'), title, description, ...schedulePayload(schedule) };
    const precheck = galleryInputSchema.safeParse(draft);
    if (!precheck.success) {
      setErrors(fieldErrors(precheck.error));
      return;
    }
    setErrors({});

    let url = draft.url;
    if (type !== 'youtube' && file) {
      const controller = new AbortController();
      abortRef.current = controller;
      setPhase('uploading');
      setProgress(0);
      try {
        url = (await api.upload(file, { signal: controller.signal, onProgress: setProgress })).url;
      } catch (error) {
        setPhase('idle');
        if (controller.signal.aborted) setFormError(texts.errors.uploadCancelled);
        else setFormError(error instanceof ApiError && error.message !== texts.errors.upload ? `${texts.errors.fileUpload} : ${error.message}` : texts.errors.fileUpload);
        return;
      } finally {
        abortRef.current = null;
      }
    }

    setPhase('saving');
    const thumbnail = type === 'youtube' ? youtubeThumbnail(youtubeId!) : type === 'photo' ? url : (item?.type === 'video' ? item.thumbnail : null);
    const body = { type, url, thumbnail, title, description, ...schedulePayload(schedule) };
    try {
      if (item) await api.send('PUT', `/api/gallery/${item.id}`, body);
      else await api.send('POST', '/api/gallery', body);
      invalidateAfterChange(queryClient, galleryKey);
      onClose();
    } catch (error) {
      setPhase('idle');
      if (error instanceof ApiError) setErrors(serverFieldErrors(error.body));
      setFormError(texts.errors.gallerySave);
    }
  }

  const busy = phase !== 'idle';

  return (
    <AdminModal title={item ? 'Modifier le média' : 'Nouveau média'} onClose={onClose} busy={busy}>
      <form className={modalStyles.form} onSubmit={onSubmit} noValidate>
        <ModalBody>
          <div className={ui.form}>
            {formError ? <Alert>{formError}</Alert> : null}
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
                  value={youtubeUrl}
                  onChange={(e) => setYoutubeUrl(e.target.value)}
                  error={errors.url ?? (youtubeUrl.trim() && !youtubeId ? texts.validation.youtubeInvalid : undefined)}
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
                    aria-invalid={errors.url ? true : undefined}
                    onChange={(e) => setFile(e.target.files?.[0] ?? null)}
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
                {errors.url ? <p className={ui.fieldError}>{errors.url}</p> : null}
                {phase === 'uploading' ? (
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

            <TextField label="Titre" value={title} onChange={(e) => setTitle(e.target.value)} error={errors.title} disabled={busy} hint="Facultatif." />
            <TextAreaField label="Description" rows={3} value={description} onChange={(e) => setDescription(e.target.value)} error={errors.description} disabled={busy} hint="Facultative." />
            <ScheduleFields value={schedule} onChange={setSchedule} errors={errors} disabled={busy} />
            {item ? <HistoryPanel entity="gallery" entityId={item.id} contentKey={galleryKey} onRestored={onClose} /> : null}
          </div>
        </ModalBody>
        <ModalFooter>
          <AdminButton onClick={onClose} disabled={busy}>
            {adminTexts.actions.cancel}
          </AdminButton>
          <AdminButton type="submit" variant="primary" disabled={busy}>
            {phase === 'uploading' ? adminTexts.uploading : phase === 'saving' ? texts.submitting.saving : adminTexts.actions.save}
          </AdminButton>
        </ModalFooter>
      </form>
    </AdminModal>
  );
}
