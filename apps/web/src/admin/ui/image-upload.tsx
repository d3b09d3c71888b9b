import { useEffect, useId, useRef, useState } from 'react';
import { texts } from '@bande/shared/texts';
import { errorTextFor } from '../../lib/api-client.ts';
import { useAdminApi } from '../lib/admin-api.ts';
import { AdminButton } from './button.tsx';
import { UploadIcon } from './icons.tsx';
import styles from './ui.module.css';

interface Props {
  label: string;
  value: string | null;
  onChange: (url: string | null) => void;
  /** Told while a file is on its way, so that the form can wait before saving. */
  onBusyChange?: (busy: boolean) => void;
  hint?: string;
  /** Logos keep their proportions in the preview. */
  contain?: boolean;
}

/** An image field: the file is uploaded as soon as it is chosen (progress, cancel), the form keeps its URL. */
export function ImageUpload({ label, value, onChange, onBusyChange, hint, contain }: Props) {
  const api = useAdminApi();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const abortRef = useRef<AbortController | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<{ message: string; detail?: string } | null>(null);

  useEffect(() => () => abortRef.current?.abort(), []);

  const setBusy = (busy: boolean) => onBusyChange?.(busy);

  async function upload(file: File) {
    const controller = new AbortController();
    abortRef.current = controller;
    setError(null);
    setProgress(0);
    setBusy(true);
    try {
      const { url } = await api.upload(file, { signal: controller.signal, onProgress: setProgress });
      onChange(url);
    } catch (cause) {
      if (controller.signal.aborted) {
        setError({ message: texts.errors.uploadCancelled });
      } else {
        // The server's refusal (too big, wrong type) or the connection's or server's failure, in French.
        const said = errorTextFor(cause);
        const detail = said && said !== texts.errors.upload ? said : undefined;
        setError({ message: texts.errors.imageUpload, detail });
      }
    } finally {
      abortRef.current = null;
      setProgress(null);
      setBusy(false);
      if (inputRef.current) inputRef.current.value = '';
    }
  }

  const uploading = progress !== null;

  return (
    <div className={styles.field} role="group" aria-labelledby={`${id}-label`}>
      <span id={`${id}-label`} className={styles.label}>
        {label}
      </span>
      <div className={styles.upload}>
        {value ? (
          <img src={value} alt={`Aperçu : ${label}`} className={[styles.uploadPreview, contain ? styles.thumbContain : ''].join(' ')} />
        ) : (
          <div className={[styles.uploadPreview, styles.thumbEmpty].join(' ')} aria-hidden="true">
            <UploadIcon />
          </div>
        )}
        <div className={styles.uploadControls}>
          <input
            ref={inputRef}
            id={id}
            type="file"
            accept="image/*"
            className={styles.fileInput}
            // The visible button opens the picker; the raw input stays out of the tab order.
            tabIndex={-1}
            aria-hidden="true"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void upload(file);
            }}
          />
          {uploading ? (
            <>
              <div className={styles.progress} role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress} aria-label={label}>
                <div className={styles.progressBar} style={{ width: `${progress}%` }} />
              </div>
              <div className={styles.uploadButtons}>
                <span className={styles.hint}>{progress} %</span>
                <AdminButton small onClick={() => abortRef.current?.abort()}>
                  Annuler l’envoi
                </AdminButton>
              </div>
            </>
          ) : (
            <div className={styles.uploadButtons}>
              <AdminButton small icon={<UploadIcon />} onClick={() => inputRef.current?.click()}>
                {value ? 'Remplacer l’image' : 'Choisir une image'}
              </AdminButton>
              {value ? (
                <AdminButton small variant="ghost" onClick={() => onChange(null)}>
                  Retirer
                </AdminButton>
              ) : null}
            </div>
          )}
          {hint ? <p className={styles.hint}>{hint}</p> : null}
          {error ? (
            <p role="alert" className={styles.fieldError}>
              {error.message}
              {error.detail ? ` — ${error.detail}` : ''}
            </p>
          ) : null}
        </div>
      </div>
    </div>
  );
}
