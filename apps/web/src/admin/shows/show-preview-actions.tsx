import { useEffect, useId, useState } from 'react';
import { showPreviewTexts, type ShowPreviewLink } from '@bande/shared/schemas/show-preview';
import { useAdminApi } from '../lib/admin-api.ts';
import { failureWithDetail } from '../lib/mutations.ts';
import { AdminButton } from '../ui/button.tsx';
import { ExternalIcon } from '../ui/icons.tsx';
import { TextField } from '../ui/field.tsx';
import { ui } from '../ui/layout.tsx';
import { useToast } from '../ui/toast.tsx';
import styles from './shows.module.css';

/**
 * « Prévisualiser » and « Copier le lien » for a saved show: each asks the server for a fresh signed
 * link (POST /api/shows/{id}/preview, 7 days) to the show's page as saved, drafts included. When the
 * browser refuses the clipboard, the link is shown selected in a field, to copy by hand.
 */
export function ShowPreviewActions({ showId }: { showId: number }) {
  const api = useAdminApi();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [manualLink, setManualLink] = useState<string | null>(null);
  const linkFieldId = useId();

  // The link shown for copying by hand is focused and selected: Ctrl+C (or the phone's menu) is all that is left.
  useEffect(() => {
    if (!manualLink) return;
    const field = document.getElementById(linkFieldId) as HTMLInputElement | null;
    field?.focus();
    field?.select();
  }, [manualLink, linkFieldId]);

  async function createLink(): Promise<string | null> {
    setBusy(true);
    try {
      return (await api.send<ShowPreviewLink>('POST', `/api/shows/${showId}/preview`)).url;
    } catch (error) {
      toast.show(failureWithDetail(showPreviewTexts.failed, error), 'error');
      return null;
    } finally {
      setBusy(false);
    }
  }

  async function openPreview() {
    // The tab is opened during the click itself: opened after waiting for the server, it would be
    // taken for a pop-up and blocked. It is pointed at the link once the link is known.
    const tab = window.open('', '_blank');
    const url = await createLink();
    if (!url) {
      tab?.close();
      return;
    }
    if (tab) {
      // The preview needs nothing from this page: cut the way back to it.
      tab.opener = null;
      tab.location.href = url;
    } else {
      // A browser that blocked even that: the link, to open or copy by hand.
      setManualLink(url);
      toast.show(showPreviewTexts.tabBlocked, 'info');
    }
  }

  async function copyLink() {
    const url = await createLink();
    if (!url) return;
    try {
      // Missing outside secure contexts (plain http other than localhost); refused without permission.
      if (!navigator.clipboard) throw new Error('presse-papiers indisponible');
      await navigator.clipboard.writeText(url);
      setManualLink(null);
      toast.show(showPreviewTexts.copied, 'success');
    } catch {
      setManualLink(url);
      toast.show(showPreviewTexts.copyRefused, 'info');
    }
  }

  return (
    <fieldset className={ui.fieldset}>
      <legend>Aperçu</legend>
      <p className={styles.sectionNote}>{showPreviewTexts.hint}</p>
      <div className={styles.previewButtons}>
        <AdminButton small icon={<ExternalIcon />} onClick={() => void openPreview()} disabled={busy}>
          {showPreviewTexts.open}
        </AdminButton>
        <AdminButton small onClick={() => void copyLink()} disabled={busy}>
          {showPreviewTexts.copy}
        </AdminButton>
      </div>
      {manualLink ? (
        <TextField
          id={linkFieldId}
          label={showPreviewTexts.linkLabel}
          hint={showPreviewTexts.manualHint}
          value={manualLink}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
        />
      ) : null}
    </fieldset>
  );
}
