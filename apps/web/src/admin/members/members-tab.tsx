import { useState } from 'react';
import type { Member } from '@bande/shared';
import { adminTexts } from '../admin-texts.ts';
import { useConfirmedDelete, usePublishToggle } from '../lib/record-actions.ts';
import { CreateButton } from '../ui/create-button.tsx';
import { EmptyState, PhotoName, ui } from '../ui/layout.tsx';
import { publicationCounters } from '../ui/publication-counters.ts';
import { TabPage } from '../ui/tab-page.tsx';
import { PublicationStatus } from '../scheduling/publication-status.tsx';
import { RowActions } from '../ui/row-actions.tsx';
import { DataTable } from '../ui/data-table.tsx';
import { ListPanel } from '../ui/list-panel.tsx';
import { MemberFormModal } from './member-form.tsx';
import { membersKey, useAdminMembers } from './members-queries.ts';
import { DeletedItems } from '../history/deleted-items.tsx';
import { historyTexts } from '../history/history-texts.ts';

/** The list a deleted record goes to, named in the deletion's question. */
const DELETED_TITLE = 'Membres supprimés';

export function MembersTab() {
  const members = useAdminMembers();
  const [editing, setEditing] = useState<number | null | undefined>(undefined);
  const togglePublish = usePublishToggle<Member>(membersKey, '/api/members');
  const remove = useConfirmedDelete<Member>(membersKey, '/api/members', (member) => historyTexts.deleteConfirm(`Supprimer le membre « ${member.fullName} » ?`, DELETED_TITLE));

  const list = members.data ?? [];

  return (
    <TabPage
      countersShown={members.isSuccess}
      title={adminTexts.tabs.members}
      description="Les membres publiés apparaissent sur la page La Bande et dans les crédits des spectacles."
      action={<CreateButton onClick={() => setEditing(null)}>Nouveau membre</CreateButton>}
      counters={publicationCounters('Compteurs des membres', list, ['published', 'total'])}
    >
      <ListPanel
        query={members}
        empty={
          <EmptyState title="Aucun membre pour le moment">
            <CreateButton onClick={() => setEditing(null)}>Ajouter le premier membre</CreateButton>
          </EmptyState>
        }
      >
        <DataTable columns={['Nom', 'Rôle', adminTexts.table.status]}>
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
                  onTogglePublish={() => togglePublish(member)}
                  onEdit={() => setEditing(member.id)}
                  onDelete={() => remove.askDelete(member)}
                />
              </td>
            </tr>
          ))}
        </DataTable>
      </ListPanel>
      {editing !== undefined ? <MemberFormModal memberId={editing} onClose={() => setEditing(undefined)} /> : null}
      <DeletedItems entity="member" contentKey={membersKey} title={DELETED_TITLE} />
    </TabPage>
  );
}
