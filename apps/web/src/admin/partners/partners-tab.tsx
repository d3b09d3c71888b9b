import { useState } from 'react';
import { texts, type Partner } from '@bande/shared';
import { truncatePartnerDescription } from '@bande/shared/format/truncate';
import { adminTexts } from '../admin-texts.ts';
import { useAdminAction } from '../lib/mutations.ts';
import { AdminButton } from '../ui/button.tsx';
import { useConfirm } from '../ui/confirm.tsx';
import { ExternalIcon, PlusIcon } from '../ui/icons.tsx';
import { ActionsHeader, EmptyState, StatCards, TabHeader, ui } from '../ui/layout.tsx';
import { PublicationStatus } from '../scheduling/publication-status.tsx';
import { RowActions } from '../ui/row-actions.tsx';
import { ListPanel } from '../ui/list-panel.tsx';
import { PartnerFormModal } from './partner-form.tsx';
import { partnersKey, useAdminPartners } from './partners-queries.ts';
import { DeletedItems } from '../history/deleted-items.tsx';

export function PartnersTab() {
  const partners = useAdminPartners();
  const confirm = useConfirm();
  const [editing, setEditing] = useState<Partner | null | undefined>(undefined);
  // Partners publish with PUT (spec section 7), unlike the other resources.
  const publish = useAdminAction(partnersKey, (api, p: Partner) => api.send('PUT', `/api/partners/${p.id}/${p.published ? 'unpublish' : 'publish'}`), texts.errors.publish);
  const remove = useAdminAction(partnersKey, (api, id: number) => api.send('DELETE', `/api/partners/${id}`), texts.errors.delete);

  const list = partners.data ?? [];
  const published = list.filter((p) => p.published).length;

  async function onDelete(partner: Partner) {
    if (await confirm({ message: `Supprimer le partenaire « ${partner.title} » ? Cette action est définitive.` })) remove.mutate(partner.id);
  }

  const createButton = (label: string) => (
    <AdminButton variant="primary" icon={<PlusIcon />} onClick={() => setEditing(null)}>
      {label}
    </AdminButton>
  );

  return (
    <section aria-labelledby="tab-title">
      <TabHeader title={adminTexts.tabs.partners} description="Les partenaires publiés apparaissent sur la page Partenaires." action={createButton('Nouveau partenaire')} />
      <StatCards
        label="Compteurs des partenaires"
        items={[
          { label: adminTexts.counters.total, value: list.length },
          { label: adminTexts.counters.published, value: published, tone: 'good' },
          { label: adminTexts.counters.drafts, value: list.length - published, tone: 'warn' },
        ]}
      />
      <ListPanel
        query={partners}
        empty={
          <EmptyState title="Aucun partenaire pour le moment">
            <p>Ajoutez les structures qui soutiennent la troupe.</p>
            {createButton('Créer le premier partenaire')}
          </EmptyState>
        }
      >
        <table className={ui.table}>
          <thead>
            <tr>
              <th scope="col">Logo</th>
              <th scope="col">Titre</th>
              <th scope="col">Description</th>
              <th scope="col">Lien</th>
              <th scope="col">{adminTexts.table.status}</th>
              <ActionsHeader />
            </tr>
          </thead>
          <tbody>
            {list.map((partner) => (
              <tr key={partner.id}>
                <td data-label="Logo">
                  {partner.logo ? (
                    <img src={partner.logo} alt={`Logo ${partner.title}`} className={[ui.thumb, ui.thumbContain].join(' ')} />
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
                    onTogglePublish={() => publish.mutate(partner)}
                    onEdit={() => setEditing(partner)}
                    onDelete={() => void onDelete(partner)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ListPanel>
      {editing !== undefined ? <PartnerFormModal partner={editing} onClose={() => setEditing(undefined)} /> : null}
      <DeletedItems entity="partner" contentKey={partnersKey} title="Partenaires supprimés" />
    </section>
  );
}
