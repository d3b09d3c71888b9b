import { useState } from 'react';
import { texts, type Venue } from '@bande/shared';
import { adminTexts } from '../admin-texts.ts';
import { useAdminAction } from '../lib/mutations.ts';
import { AdminButton } from '../ui/button.tsx';
import { useConfirm } from '../ui/confirm.tsx';
import { ExternalIcon, PlusIcon } from '../ui/icons.tsx';
import { ActionsHeader, EmptyState, StatCards, TabHeader, ui } from '../ui/layout.tsx';
import { RowActions } from '../ui/row-actions.tsx';
import { ListPanel } from '../ui/list-panel.tsx';
import { mapsSearchUrl } from './address-search.ts';
import { VenueFormModal } from './venue-form.tsx';
import { useAdminVenues, venuesKey } from './venues-queries.ts';
import { DeletedItems } from '../history/deleted-items.tsx';

export function VenuesTab() {
  const venues = useAdminVenues();
  const confirm = useConfirm();
  const [editing, setEditing] = useState<number | null | undefined>(undefined);
  const remove = useAdminAction(venuesKey, (api, id: number) => api.send('DELETE', `/api/venues/${id}`), texts.errors.delete);
  const list = venues.data ?? [];

  async function onDelete(venue: Venue) {
    if (await confirm({ message: `Supprimer le lieu « ${venue.name} » ? Cette action est définitive.` })) remove.mutate(venue.id);
  }

  return (
    <section aria-labelledby="tab-title">
      <TabHeader
        title={adminTexts.tabs.venues}
        description="Les lieux enregistrés se choisissent en un clic dans les représentations des spectacles."
        action={
          <AdminButton variant="primary" icon={<PlusIcon />} onClick={() => setEditing(null)}>
            Nouveau lieu
          </AdminButton>
        }
      />
      <StatCards label="Compteurs des lieux" items={[{ label: adminTexts.counters.total, value: list.length }]} />
      <ListPanel
        query={venues}
        empty={
          <EmptyState title="Aucun lieu enregistré">
            <AdminButton variant="primary" icon={<PlusIcon />} onClick={() => setEditing(null)}>
              Ajouter le premier lieu
            </AdminButton>
          </EmptyState>
        }
      >
        <table className={ui.table}>
          <thead>
            <tr>
              <th scope="col">Nom</th>
              <th scope="col">Adresse</th>
              <ActionsHeader />
            </tr>
          </thead>
          <tbody>
            {list.map((venue) => (
              <tr key={venue.id}>
                <td className={[ui.cardTitle, ui.cellStrong].join(' ')}>{venue.name}</td>
                <td data-label="Adresse" className={ui.cellMuted}>
                  <a className={ui.inlineLink} href={mapsSearchUrl(venue.address)} target="_blank" rel="noopener noreferrer">
                    {venue.address}
                    <ExternalIcon />
                    <span className={ui.visuallyHidden}> (carte, nouvel onglet)</span>
                  </a>
                </td>
                <td className={ui.actionsCell}>
                  <RowActions name={venue.name} onEdit={() => setEditing(venue.id)} onDelete={() => void onDelete(venue)} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ListPanel>
      {editing !== undefined ? <VenueFormModal venueId={editing} onClose={() => setEditing(undefined)} /> : null}
      <DeletedItems entity="venue" contentKey={venuesKey} title="Lieux supprimés" />
    </section>
  );
}
