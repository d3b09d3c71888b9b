import { useEffect, useRef, useState } from 'react';
import { texts } from '@bande/shared/texts';
import { errorTextFor } from '../../lib/api-client.ts';
import { useAdminApi } from '../lib/admin-api.ts';
import { AdminButton } from '../ui/button.tsx';
import { UploadIcon } from '../ui/icons.tsx';
import { ui } from '../ui/layout.tsx';
import styles from './campaigns.module.css';

/** « scene-du-balcon.jpg » → « scene du balcon »: a first description the secretary then writes properly. */
const descriptionOf = (fileName: string) =>
  fileName
    .replace(/\.[^.]+$/, '')
    .replace(/[-_]+/g, ' ')
    .trim() || 'Image';

/**
 * « Insérer une image » (issue 34): the picture is uploaded to the site's files (the same route, limits
 * and formats as every image field of the backoffice), then `![description](/uploads/…)` is handed to
 * the editor to put where the cursor was. No path to type; the description stays editable in the text.
 */
export function InsertImageButton({ disabled, onInsert }: { disabled?: boolean; onInsert: (markdown: string) => void }) {
  const api = useAdminApi();
  const inputRef = useRef<HTMLInputElement>(null);
  const abortRef = useRef<AbortController | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => () => abortRef.current?.abort(), []);

  async function upload(file: File) {
    const controller = new AbortController();
    abortRef.current = controller;
    setError(null);
    setProgress(0);
    try {
      const { url } = await api.upload(file, { signal: controller.signal, onProgress: setProgress });
      onInsert(`![${descriptionOf(file.name)}](${url})`);
    } catch (cause) {
      if (controller.signal.aborted) return;
      // The server's refusal (too big, not an image) or the connection's failure, in French.
      const said = errorTextFor(cause);
      setError(said && said !== texts.errors.upload ? `${texts.errors.imageUpload} : ${said}` : texts.errors.imageUpload);
    } finally {
      abortRef.current = null;
      setProgress(null);
      if (inputRef.current) inputRef.current.value = '';
    }
  }

  return (
    <div className={styles.insertImage}>
      <input
        ref={inputRef}
        type="file"
        accept="image/*"
        className={ui.fileInput}
        // The visible button opens the picker; the raw input stays out of the tab order.
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) void upload(file);
        }}
      />
      <AdminButton small icon={<UploadIcon />} onClick={() => inputRef.current?.click()} disabled={disabled || progress !== null}>
        Insérer une image
      </AdminButton>
      {progress !== null ? (
        <span role="status" className={ui.hint}>
          Envoi de l’image… {progress} %
        </span>
      ) : null}
      {error ? (
        <p role="alert" className={ui.fieldError}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
