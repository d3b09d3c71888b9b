import { useState } from 'react';
import type { Partner } from '@bande/shared';
import { texts } from '@bande/shared/texts';
import { truncatePartnerDescription } from '@bande/shared/format/truncate';
import { adminTexts } from '../admin-texts.ts';
import { useConfirmedDelete, usePublishToggle } from '../lib/record-actions.ts';
import { CreateButton } from '../ui/create-button.tsx';
import { ExternalIcon } from '../ui/icons.tsx';
import { EmptyState, ui } from '../ui/layout.tsx';
import { Thumb } from '../ui/thumb.tsx';
import { publicationCounters } from '../ui/publication-counters.ts';
import { TabPage } from '../ui/tab-page.tsx';
import { PublicationStatus } from '../scheduling/publication-status.tsx';
import { RowActions } from '../ui/row-actions.tsx';
import { DataTable } from '../ui/data-table.tsx';
import { ListPanel } from '../ui/list-panel.tsx';
import { PartnerFormModal } from './partner-form.tsx';
import { partnersKey, useAdminPartners } from './partners-queries.ts';
import { DeletedItems } from '../history/deleted-items.tsx';
import { historyTexts } from '../history/history-texts.ts';

/** The list a deleted record goes to, named in the deletion's question. */
const DELETED_TITLE = 'Partenaires supprimés';

export function PartnersTab() {
  const partners = useAdminPartners();
  const [editing, setEditing] = useState<Partner | null | undefined>(undefined);
  // Partners publish with PUT (spec section 7), unlike the other resources.
  const togglePublish = usePublishToggle<Partner>(partnersKey, '/api/partners', 'PUT');
  const remove = useConfirmedDelete<Partner>(partnersKey, '/api/partners', (partner) => historyTexts.deleteConfirm(`Supprimer le partenaire « ${partner.title} » ?`, DELETED_TITLE));

  const list = partners.data ?? [];

  return (
    <TabPage
      countersShown={partners.isSuccess}
      title={adminTexts.tabs.partners}
      description="Les partenaires publiés apparaissent sur la page Partenaires."
      action={<CreateButton onClick={() => setEditing(null)}>Nouveau partenaire</CreateButton>}
      counters={publicationCounters('Compteurs des partenaires', list, ['total', 'published', 'drafts'])}
    >
      <ListPanel
        query={partners}
        empty={
          <EmptyState title="Aucun partenaire pour le moment">
            <p>Ajoutez les structures qui soutiennent la troupe.</p>
            <CreateButton onClick={() => setEditing(null)}>Créer le premier partenaire</CreateButton>
          </EmptyState>
        }
      >
        <DataTable columns={['Logo', 'Titre', 'Description', 'Lien', adminTexts.table.status]}>
          {list.map((partner) => (
            <tr key={partner.id}>
              <td data-label="Logo">
                {partner.logo ? (
                  <Thumb src={partner.logo} alt={`Logo ${partner.title}`} className={[ui.thumb, ui.thumbContain].join(' ')} />
                ) : (
                  <span className={[ui.thumb, ui.thumbEmpty].join(' ')}>—</span>
                )}
              </td>
              <td className={[ui.cardTitle, ui.cellStrong].join(' ')}>{partner.title}</td>
              <td data-label="Description" className={ui.cellMuted} title={partner.description}>
                {truncatePartnerDescription(partner.description)}
              </td>
              <td data-label="Lien">
                {partner.link ? (
                  <a className={ui.inlineLink} href={partner.link} target="_blank" rel="noopener noreferrer">
                    {texts.admin.partnerLink.visit}
                    <ExternalIcon />
                    <span className={ui.visuallyHidden}> le site de {partner.title} (nouvel onglet)</span>
                  </a>
                ) : (
                  <span className={ui.cellMuted}>{texts.admin.partnerLink.none}</span>
                )}
              </td>
              <td data-label={adminTexts.table.status}>
                <PublicationStatus item={partner} />
              </td>
              <td className={ui.actionsCell}>
                <RowActions
                  name={partner.title}
                  published={partner.published}
                  onTogglePublish={() => togglePublish(partner)}
                  onEdit={() => setEditing(partner)}
                  onDelete={() => remove.askDelete(partner)}
                />
              </td>
            </tr>
          ))}
        </DataTable>
      </ListPanel>
      {editing !== undefined ? <PartnerFormModal partner={editing} onClose={() => setEditing(undefined)} /> : null}
      <DeletedItems entity="partner" contentKey={partnersKey} title={DELETED_TITLE} />
    </TabPage>
  );
}
