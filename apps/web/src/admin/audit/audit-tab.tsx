import { useState } from 'react';
import { AUDIT_ACTIONS, AUDIT_ENTITIES, auditTexts, type AuditAction } from '@bande/shared/schemas/audit';
import { lazyParisFormatter } from '@bande/shared/format/paris-clock';
import { adminTexts } from '../admin-texts.ts';
import { FilterSelect } from '../ui/filter-select.tsx';
import { EmptyState, ui } from '../ui/layout.tsx';
import { DataTable } from '../ui/data-table.tsx';
import { ListPanel } from '../ui/list-panel.tsx';
import { TabPage } from '../ui/tab-page.tsx';
import { useAdminAudit, type AuditFilters } from './audit-queries.ts';

const L = auditTexts;
const parisDateTime = lazyParisFormatter({ dateStyle: 'short', timeStyle: 'medium' });
const formatDate = (iso: string) => parisDateTime().format(new Date(iso));
const actionLabel = (action: string) => L.actions[action as AuditAction] ?? action;
const entityLabel = (entity: string) => (L.entities as Record<string, string>)[entity] ?? entity;
const actionOptions = AUDIT_ACTIONS.map((action) => ({ value: action, label: L.actions[action] }));
const entityOptions = AUDIT_ENTITIES.map((entity) => ({ value: entity, label: L.entities[entity] }));

/** The activity log: who changed what in the backoffice, and every login attempt (newest first). */
export function AuditTab() {
  const [filters, setFilters] = useState<AuditFilters>({});
  const entries = useAdminAudit(filters);
  const list = entries.data ?? [];

  return (
    <TabPage
      title={adminTexts.tabs.audit}
      description="Les modifications faites dans l'administration et les tentatives de connexion, des plus récentes aux plus anciennes."
    >
      <div className={ui.filters}>
        <FilterSelect label={L.filters.action} filters={filters} setFilters={setFilters} name="action" allLabel={L.filters.all} options={actionOptions} />
        <FilterSelect label={L.filters.entity} filters={filters} setFilters={setFilters} name="entity" allLabel={L.filters.all} options={entityOptions} />
      </div>
      <ListPanel query={entries} empty={<EmptyState title={L.empty} />}>
        <DataTable columns={[L.columns.at, L.columns.account, L.columns.action, L.columns.entity]} actions={false}>
          {list.map((entry) => (
            <tr key={entry.id}>
              <td className={ui.cellMuted}>{formatDate(entry.at)}</td>
              <td data-label={L.columns.account} className={ui.cellStrong}>
                {entry.userEmail ?? L.unknownAccount}
              </td>
              <td data-label={L.columns.action}>{actionLabel(entry.action)}</td>
              <td data-label={L.columns.entity}>
                {entityLabel(entry.entity)}
                {entry.entityId ? ` n° ${entry.entityId}` : ''}
              </td>
            </tr>
          ))}
        </DataTable>
      </ListPanel>
    </TabPage>
  );
}
