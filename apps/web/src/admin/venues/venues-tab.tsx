import { useState } from 'react';
import type { Venue } from '@bande/shared';
import { adminTexts } from '../admin-texts.ts';
import { useConfirmedDelete } from '../lib/record-actions.ts';
import { CreateButton } from '../ui/create-button.tsx';
import { ExternalIcon } from '../ui/icons.tsx';
import { EmptyState, ui } from '../ui/layout.tsx';
import { TabPage } from '../ui/tab-page.tsx';
import { RowActions } from '../ui/row-actions.tsx';
import { DataTable } from '../ui/data-table.tsx';
import { ListPanel } from '../ui/list-panel.tsx';
import { mapsSearchUrl } from './address-search.ts';
import { VenueFormModal } from './venue-form.tsx';
import { useAdminVenues, venuesKey } from './venues-queries.ts';
import { DeletedItems } from '../history/deleted-items.tsx';
import { historyTexts } from '../history/history-texts.ts';

/** The list a deleted record goes to, named in the deletion's question. */
const DELETED_TITLE = 'Lieux supprimés';

export function VenuesTab() {
  const venues = useAdminVenues();
  const [editing, setEditing] = useState<number | null | undefined>(undefined);
  const remove = useConfirmedDelete<Venue>(venuesKey, '/api/venues', (venue) => historyTexts.deleteConfirm(`Supprimer le lieu « ${venue.name} » ?`, DELETED_TITLE));
  const list = venues.data ?? [];

  return (
    <TabPage
      countersShown={venues.isSuccess}
      title={adminTexts.tabs.venues}
      description="Les lieux enregistrés se choisissent en un clic dans les représentations des spectacles."
      action={<CreateButton onClick={() => setEditing(null)}>Nouveau lieu</CreateButton>}
      counters={{ label: 'Compteurs des lieux', items: [{ label: adminTexts.counters.total, value: list.length }] }}
    >
      <ListPanel
        query={venues}
        empty={
          <EmptyState title="Aucun lieu enregistré">
            <CreateButton onClick={() => setEditing(null)}>Ajouter le premier lieu</CreateButton>
          </EmptyState>
        }
      >
        <DataTable columns={['Nom', 'Adresse']}>
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
                <RowActions name={venue.name} onEdit={() => setEditing(venue.id)} onDelete={() => remove.askDelete(venue)} />
              </td>
            </tr>
          ))}
        </DataTable>
      </ListPanel>
      {editing !== undefined ? <VenueFormModal venueId={editing} onClose={() => setEditing(undefined)} /> : null}
      <DeletedItems entity="venue" contentKey={venuesKey} title={DELETED_TITLE} />
    </TabPage>
  );
}
