import { useEffect, useState } from 'react';
import type { ShowSummary } from '@bande/shared';
import { texts } from '@bande/shared/texts';
import { adminTexts } from '../admin-texts.ts';
import { useAdminAction } from '../lib/mutations.ts';
import { useConfirmedDelete, usePublishToggle } from '../lib/record-actions.ts';
import { AdminButton, IconButton } from '../ui/button.tsx';
import { useOpenTab } from '../dashboard/open-tab.tsx';
import { CreateButton } from '../ui/create-button.tsx';
import { StarIcon } from '../ui/icons.tsx';
import { EmptyState, PhotoName, ui } from '../ui/layout.tsx';
import { publicationCounters } from '../ui/publication-counters.ts';
import { TabPage } from '../ui/tab-page.tsx';
import { RowActions } from '../ui/row-actions.tsx';
import { DataTable } from '../ui/data-table.tsx';
import { ListPanel } from '../ui/list-panel.tsx';
import { showsKey, useAdminShows } from './shows-queries.ts';
import styles from './shows.module.css';
import { DeletedItems } from '../history/deleted-items.tsx';
import { PublicationStatus } from '../scheduling/publication-status.tsx';
import { historyTexts } from '../history/history-texts.ts';
import { lazyPart } from '../ui/lazy-part.tsx';
import { whenIdle } from '../lib/when-idle.ts';

// The form (zod, uploads, the performances' editor) is a chunk of its own: the list is the first thing a
// volunteer sees after login, and it shows without waiting for it. Fetched once the list is up.
const ShowFormModal = lazyPart(() => import('./show-form.tsx').then((module) => module.ShowFormModal));

/** The list a deleted record goes to, named in the deletion's question. */
const DELETED_TITLE = 'Spectacles supprimés';

export function ShowsTab() {
  const shows = useAdminShows();
  const [editing, setEditing] = useState<number | null | undefined>(undefined);
  const togglePublish = usePublishToggle<ShowSummary>(showsKey, '/api/shows');
  const feature = useAdminAction(showsKey, (api, s: ShowSummary) => api.send('POST', `/api/shows/${s.id}/featured`, { isFeatured: !s.isFeatured }), texts.errors.update);
  const remove = useConfirmedDelete<ShowSummary>(
    showsKey,
    '/api/shows',
    (show) => historyTexts.deleteConfirm(`Supprimer le spectacle « ${show.name} » avec ses représentations et ses crédits ?`, DELETED_TITLE),
  );

  useEffect(() => whenIdle(ShowFormModal.preload), []);
  // « Annoncer ce spectacle » (issue 34): to the roles that write letters, for a show the public can see.
  const tabs = useOpenTab();
  const mayAnnounce = tabs?.mayOpen('campaigns') ?? false;

  const list = shows.data ?? [];
  const newButton = <CreateButton onClick={() => setEditing(null)}>Nouveau spectacle</CreateButton>;

  return (
    <TabPage countersShown={shows.isSuccess} title={adminTexts.tabs.shows} description="Le catalogue, les représentations et les spectacles à l’affiche." action={newButton} counters={publicationCounters('Compteurs des spectacles', list)}>
      <ListPanel query={shows} empty={<EmptyState title="Aucun spectacle pour le moment">{newButton}</EmptyState>}>
        <DataTable columns={['Nom', 'Type', 'Année', adminTexts.table.status, 'À l’affiche']}>
          {list.map((show) => (
            <tr key={show.id}>
              <td className={[ui.cardTitle, ui.cellStrong].join(' ')}>
                <PhotoName photo={show.photo}>{show.name}</PhotoName>
              </td>
              <td data-label="Type">
                <span className={ui.tag}>{show.type}</span>
              </td>
              <td data-label="Année" className={ui.cellMuted}>
                {show.year}
              </td>
              <td data-label={adminTexts.table.status}>
                <PublicationStatus item={show} />
              </td>
              <td data-label="À l’affiche">
                <IconButton
                  label={show.isFeatured ? `Retirer ${show.name} de l’affiche` : `Mettre ${show.name} à l’affiche`}
                  aria-pressed={show.isFeatured}
                  className={show.isFeatured ? styles.starOn : styles.star}
                  onClick={() => feature.mutate(show)}
                  disabled={feature.isPending}
                >
                  <StarIcon filled={show.isFeatured} />
                </IconButton>
              </td>
              <td className={ui.actionsCell}>
                <RowActions
                  name={show.name}
                  published={show.published}
                  onTogglePublish={() => togglePublish(show)}
                  onEdit={() => setEditing(show.id)}
                  onDelete={() => remove.askDelete(show)}
                >
                  {mayAnnounce && show.published ? (
                    <AdminButton small variant="ghost" aria-label={`Annoncer ${show.name} dans une lettre`} onClick={() => tabs?.open('campaigns', { announceShowId: show.id })}>
                      Annoncer
                    </AdminButton>
                  ) : null}
                </RowActions>
              </td>
            </tr>
          ))}
        </DataTable>
      </ListPanel>
      {editing !== undefined ? (
        <ShowFormModal showId={editing} onClose={() => setEditing(undefined)} />
      ) : null}
      <DeletedItems entity="show" contentKey={showsKey} title={DELETED_TITLE} />
    </TabPage>
  );
}
