import { useState, type FormEvent } from 'react';
import type { CampaignAnnouncement } from '@bande/shared/schemas/campaigns';
import { errorMessage, useAdminApi } from '../lib/admin-api.ts';
import { useAdminShows } from '../shows/shows-queries.ts';
import { AdminButton } from '../ui/button.tsx';
import { SelectField } from '../ui/field.tsx';
import { AdminModal, ModalBody, ModalFooter } from '../ui/modal.tsx';

/**
 * « Annoncer un spectacle » (issue 34): the secretary picks a published show; the server prepares the
 * letter's subject and text (photo, pitch, performances to come with their booking links), which then
 * open in the editor as a new letter, every word editable, nothing saved yet.
 */
export function AnnounceShowDialog({ onClose, onReady }: { onClose: () => void; onReady: (announcement: CampaignAnnouncement) => void }) {
  const shows = useAdminShows();
  const api = useAdminApi();
  const published = (shows.data ?? []).filter((show) => show.published);
  const [showId, setShowId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!showId) {
      setError('Choisissez le spectacle à annoncer.');
      return;
    }
    setBusy(true);
    try {
      onReady((await api.get<{ data: CampaignAnnouncement }>(`/api/campaigns/announce/${showId}`)).data);
    } catch (err) {
      setError(errorMessage(err, 'La lettre n’a pas pu être préparée.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AdminModal title="Annoncer un spectacle" onClose={onClose} size="sm" busy={busy}>
      <form onSubmit={submit} noValidate>
        <ModalBody>
          {shows.isPending ? (
            <p role="status">Chargement…</p>
          ) : published.length === 0 ? (
            <p>Aucun spectacle publié à annoncer.</p>
          ) : (
            <SelectField
              label="Spectacle"
              required
              hint="La lettre reprend sa photo, son accroche et ses représentations à venir avec leurs liens de réservation ; tout reste modifiable avant l’envoi."
              value={showId}
              error={error ?? undefined}
              onChange={(event) => {
                setShowId(event.target.value);
                setError(null);
              }}
            >
              <option value="">Choisir un spectacle…</option>
              {published.map((show) => (
                <option key={show.id} value={show.id}>
                  {show.name}
                </option>
              ))}
            </SelectField>
          )}
        </ModalBody>
        <ModalFooter>
          <AdminButton onClick={onClose} disabled={busy}>
            Annuler
          </AdminButton>
          <AdminButton type="submit" variant="primary" disabled={busy || published.length === 0}>
            Préparer la lettre
          </AdminButton>
        </ModalFooter>
      </form>
    </AdminModal>
  );
}
