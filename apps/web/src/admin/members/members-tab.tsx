import { useState } from 'react';
import { texts, type Member } from '@bande/shared';
import { adminTexts } from '../admin-texts.ts';
import { useAdminAction } from '../lib/mutations.ts';
import { AdminButton } from '../ui/button.tsx';
import { useConfirm } from '../ui/confirm.tsx';
import { PlusIcon } from '../ui/icons.tsx';
import { ActionsHeader, EmptyState, PhotoName, StatCards, TabHeader, ui } from '../ui/layout.tsx';
import { PublicationStatus } from '../scheduling/publication-status.tsx';
import { RowActions } from '../ui/row-actions.tsx';
import { ListPanel } from '../ui/list-panel.tsx';
import { MemberFormModal } from './member-form.tsx';
import { membersKey, useAdminMembers } from './members-queries.ts';
import { DeletedItems } from '../history/deleted-items.tsx';

export function MembersTab() {
  const members = useAdminMembers();
  const confirm = useConfirm();
  const [editing, setEditing] = useState<number | null | undefined>(undefined);

  const publish = useAdminAction(membersKey, (api, m: Member) => api.send('POST', `/api/members/${m.id}/${m.published ? 'unpublish' : 'publish'}`), texts.errors.publish);
  const remove = useAdminAction(membersKey, (api, id: number) => api.send('DELETE', `/api/members/${id}`), texts.errors.delete);

  const list = members.data ?? [];
  const published = list.filter((m) => m.published).length;

  async function onDelete(member: Member) {
    if (await confirm({ message: `Supprimer le membre « ${member.fullName} » ? Cette action est définitive.` })) remove.mutate(member.id);
  }

  return (
    <section aria-labelledby="tab-title">
      <TabHeader
        title={adminTexts.tabs.members}
        description="Les membres publiés apparaissent sur la page La Bande et dans les crédits des spectacles."
        action={
          <AdminButton variant="primary" icon={<PlusIcon />} onClick={() => setEditing(null)}>
            Nouveau membre
          </AdminButton>
        }
      />
      <StatCards
        label="Compteurs des membres"
        items={[
          { label: adminTexts.counters.published, value: published, tone: 'good' },
          { label: adminTexts.counters.total, value: list.length },
        ]}
      />
      <ListPanel
        query={members}
        empty={
          <EmptyState title="Aucun membre pour le moment">
            <AdminButton variant="primary" icon={<PlusIcon />} onClick={() => setEditing(null)}>
              Ajouter le premier membre
            </AdminButton>
          </EmptyState>
        }
      >
        <table className={ui.table}>
          <thead>
            <tr>
              <th scope="col">Nom</th>
              <th scope="col">Rôle</th>
              <th scope="col">{adminTexts.table.status}</th>
              <ActionsHeader />
            </tr>
          </thead>
          <tbody>
            {list.map((member) => (
              <tr key={member.id}>
                <td className={[ui.cardTitle, ui.cellStrong].join(' ')}>
                  <PhotoName photo={member.photo}>{member.firstName} {member.lastName}</PhotoName>
                </td>
                <td data-label="Rôle" className={ui.cellMuted}>
                  {member.role}
                </td>
                <td data-label={adminTexts.table.status}>
                  <PublicationStatus item={member} />
                </td>
                <td className={ui.actionsCell}>
                  <RowActions
                    name={member.fullName}
                    published={member.published}
                    onTogglePublish={() => publish.mutate(member)}
                    onEdit={() => setEditing(member.id)}
                    onDelete={() => void onDelete(member)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ListPanel>
      {editing !== undefined ? <MemberFormModal memberId={editing} onClose={() => setEditing(undefined)} /> : null}
      <DeletedItems entity="member" contentKey={membersKey} title="Membres supprimés" />
    </section>
  );
}
