import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { IMPORT_MAX_BYTES, subscriberAddInputSchema, subscriberImportTexts as T, type ImportReport } from '@bande/shared/schemas/subscriber-import';
import { errorMessage, invalidateAfterChange, useAdminApi } from '../lib/admin-api.ts';
import { AdminButton } from '../ui/button.tsx';
import { TextField } from '../ui/field.tsx';
import { ui } from '../ui/layout.tsx';
import { AdminModal, ModalBody, ModalFooter } from '../ui/modal.tsx';
import { useToast } from '../ui/toast.tsx';
import { ImportPreview } from './import-preview.tsx';
import { subscribersKey } from './subscribers-queries.ts';
import styles from './subscribers.module.css';

/** The file's text as UTF-8 (FileReader: what every browser and the tests' DOM both have). */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(new Error(T.readFailed));
    reader.readAsText(file, 'utf-8');
  });
}

/**
 * The file field: the browser's own file button speaks the browser's language (« Choose File » in an
 * English Chromium), so the input is visually hidden and its French label is the button; the input
 * keeps the focus, the hint and the error (aria-describedby), and its focus shows on the button.
 */
function FilePicker({ fileName, error, disabled, onChoose }: { fileName: string | undefined; error: string | undefined; disabled: boolean; onChoose: (file: File | undefined) => void }) {
  const id = useId();
  return (
    <div className={ui.field}>
      <span className={ui.label} id={`${id}-label`}>
        {T.fileLabel}
      </span>
      <div className={styles.filePicker}>
        <input
          id={id}
          type="file"
          accept=".csv,.txt,text/csv,text/plain"
          className={ui.visuallyHidden}
          aria-labelledby={`${id}-label ${id}-button`}
          aria-describedby={[`${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ')}
          aria-invalid={error ? true : undefined}
          disabled={disabled}
          onChange={(event) => onChoose(event.target.files?.[0])}
        />
        <label htmlFor={id} id={`${id}-button`} className={[ui.btn, styles.fileButton].join(' ')}>
          {T.chooseFile}
        </label>
        <span className={styles.fileName}>{fileName ?? T.noFile}</span>
      </div>
      {error ? (
        <p id={`${id}-error`} className={ui.fieldError}>
          {error}
        </p>
      ) : null}
      <p id={`${id}-hint`} className={ui.hint}>
        {T.fileHint}
      </p>
    </div>
  );
}

/** A file the import reads: a CSV (or a plain text list) by its name or type. */
const isCsv = (file: File) => /\.(csv|txt)$/i.test(file.name) || /^text\/(csv|plain)$/.test(file.type);

/**
 * « Ajouter des abonnés » (issue 34): one address typed by hand, or a CSV file previewed line by line by
 * the server before anything is written. Every address added is pending and receives the confirmation
 * mail: the dialog says so, and the list shows it « en attente » until its owner clicks.
 */
export function AddSubscribersDialog({ onClose }: { onClose: () => void }) {
  const api = useAdminApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string>();
  const [fileError, setFileError] = useState<string>();
  const [csv, setCsv] = useState<string>();
  const [report, setReport] = useState<ImportReport>();
  const [imported, setImported] = useState(false);
  const [busy, setBusy] = useState(false);
  const [fileName, setFileName] = useState<string>();

  async function addOne(event: FormEvent) {
    event.preventDefault();
    const parsed = subscriberAddInputSchema.safeParse({ email });
    if (!parsed.success) {
      setEmailError(parsed.error.issues[0]?.message);
      return;
    }
    setBusy(true);
    try {
      const { message } = await api.send<{ message: string }>('POST', '/api/newsletter/subscribers', parsed.data);
      toast.show(message, 'success', 6000);
      setEmail('');
      setEmailError(undefined);
      invalidateAfterChange(queryClient, subscribersKey);
    } catch (error) {
      setEmailError(errorMessage(error, T.requestFailed));
    } finally {
      setBusy(false);
    }
  }

  async function choose(file: File | undefined) {
    setReport(undefined);
    setCsv(undefined);
    setImported(false);
    setFileError(undefined);
    setFileName(file?.name);
    if (!file) return;
    if (!isCsv(file)) return setFileError(T.notCsv);
    if (file.size > IMPORT_MAX_BYTES) return setFileError(T.tooLarge);
    setBusy(true);
    try {
      const text = await readText(file);
      setReport(await api.send<ImportReport>('POST', '/api/newsletter/subscribers/import/preview', { csv: text }));
      setCsv(text);
    } catch (error) {
      setFileError(errorMessage(error, T.readFailed));
    } finally {
      setBusy(false);
    }
  }

  async function runImport() {
    if (!csv) return;
    setBusy(true);
    try {
      const done = await api.send<ImportReport>('POST', '/api/newsletter/subscribers/import', { csv });
      setReport(done);
      setImported(true);
      setCsv(undefined);
      toast.show(done.message, 'success', 6000);
      invalidateAfterChange(queryClient, subscribersKey);
    } catch (error) {
      setFileError(errorMessage(error, T.requestFailed));
    } finally {
      setBusy(false);
    }
  }

  const toAdd = !imported && report ? report.accepted : 0;
  return (
    <AdminModal title={T.addTitle} onClose={onClose} size="lg" busy={busy}>
      <ModalBody>
        <div className={styles.sections}>
          <form className={ui.fieldset} onSubmit={(event) => void addOne(event)} noValidate>
            <h3>{T.addByHand}</h3>
            <div className={styles.inline}>
              <TextField
                label={T.emailLabel}
                type="email"
                autoComplete="off"
                value={email}
                error={emailError}
                onChange={(event) => {
                  setEmail(event.target.value);
                  setEmailError(undefined);
                }}
              />
              <AdminButton type="submit" variant="primary" disabled={busy}>
                {T.addSubmit}
              </AdminButton>
            </div>
          </form>
          <div className={ui.fieldset}>
            <h3>{T.fromFile}</h3>
            <FilePicker fileName={fileName} error={fileError} disabled={busy} onChoose={(file) => void choose(file)} />
            {report ? <ImportPreview report={report} title={T.previewTitle} /> : null}
          </div>
        </div>
      </ModalBody>
      <ModalFooter>
        <AdminButton onClick={onClose} disabled={busy}>
          {imported ? T.close : T.cancel}
        </AdminButton>
        {report && !imported ? (
          <AdminButton variant="primary" onClick={() => void runImport()} disabled={busy || toAdd === 0}>
            {T.importSubmit(toAdd)}
          </AdminButton>
        ) : null}
      </ModalFooter>
    </AdminModal>
  );
}
