import { useQuery } from '@tanstack/react-query';
import { inviteUserInputSchema, usersTexts, type AdminAccount } from '@bande/shared/schemas/users';
import { twoFactorTexts } from '@bande/shared/schemas/two-factor';
import { ROLE_LABELS, ROLES, rolesTexts } from '@bande/shared/schemas/roles';
import { adminTexts } from '../admin-texts.ts';
import { errorMessage, unwrapList, useAdminApi } from '../lib/admin-api.ts';
import { useConfirmedDelete } from '../lib/record-actions.ts';
import { useSession } from '../lib/session.ts';
import { AdminButton } from '../ui/button.tsx';
import { SelectField, TextField } from '../ui/field.tsx';
import { EmptyState, ui } from '../ui/layout.tsx';
import { DataTable } from '../ui/data-table.tsx';
import { ListPanel } from '../ui/list-panel.tsx';
import { RowActions } from '../ui/row-actions.tsx';
import { TabPage } from '../ui/tab-page.tsx';
import { useToast } from '../ui/toast.tsx';
import { useAdminForm } from '../ui/use-admin-form.ts';
import { accountsKey } from './accounts-key.ts';
import { RoleSelect } from './role-select.tsx';
import { RemovePasskeysButton } from '../account/remove-passkeys-button.tsx';

export { accountsKey };

const parisDateTime = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', dateStyle: 'short', timeStyle: 'short' });
const formatDate = (iso: string) => parisDateTime.format(new Date(iso));

/** The staff accounts: list, invitation by email (a code to choose a password), deletion. */
export function AccountsTab() {
  const api = useAdminApi();
  const toast = useToast();
  const { user } = useSession();
  const accounts = useQuery({
    queryKey: accountsKey,
    queryFn: async () => unwrapList<AdminAccount>(await api.get('/api/users')),
    staleTime: 0,
  });
  const invite = useAdminForm({
    schema: inviteUserInputSchema,
    defaultValues: { email: '', role: 'editor' as const },
    save: (adminApi, body) => adminApi.send<AdminAccount>('POST', '/api/users', body),
    queryKey: accountsKey,
    onSaved: (_body, created) => {
      invite.form.reset();
      toast.show(usersTexts.invited(created.email), 'success');
    },
    // A taken address (409) or a mail that could not go: said under the field.
    onFailed: (error) => invite.form.setError('email', { type: 'server', message: errorMessage(error, usersTexts.inviteFailed) }, { shouldFocus: true }),
  });
  const remove = useConfirmedDelete<AdminAccount>(accountsKey, '/api/users', (account) => usersTexts.deleteConfirm(account.email), usersTexts.deleteFailed);
  const list = accounts.data ?? [];

  return (
    <TabPage title={adminTexts.tabs.accounts} description="Les personnes qui peuvent administrer le site. Chacune a son propre mot de passe.">
      <form noValidate onSubmit={invite.onSubmit} aria-label="Inviter une personne">
        <TextField label={usersTexts.emailLabel} type="email" autoComplete="off" required {...invite.inputProps('email')} hint={usersTexts.inviteHelp} />
        <SelectField label={rolesTexts.roleLabel} {...invite.inputProps('role')} hint="Éditeur : le contenu du site. Secrétariat : messages, abonnés, réservations. Administrateur : tout, et les comptes.">
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}
            </option>
          ))}
        </SelectField>
        <AdminButton type="submit" variant="primary" disabled={invite.saving}>
          {invite.saving ? usersTexts.inviting : usersTexts.inviteButton}
        </AdminButton>
      </form>
      <ListPanel query={accounts} loadError={usersTexts.loadFailed} empty={<EmptyState title={usersTexts.loadFailed} />}>
        <DataTable columns={['Adresse email', rolesTexts.roleLabel, usersTexts.createdOn, usersTexts.lastLogin, twoFactorTexts.columnHeader]}>
          {list.map((account) => {
            const isMe = user?.id === account.id;
            return (
              <tr key={account.id}>
                <td className={[ui.cardTitle, ui.cellStrong].join(' ')}>
                  {account.email}
                  {isMe ? <span className={[ui.badge, ui.badgePublished].join(' ')}> {usersTexts.you}</span> : null}
                </td>
                <td data-label={rolesTexts.roleLabel}>
                  <RoleSelect account={account} isMe={isMe} />
                </td>
                <td data-label={usersTexts.createdOn} className={ui.cellMuted}>
                  {formatDate(account.createdAt)}
                </td>
                <td data-label={usersTexts.lastLogin} className={ui.cellMuted}>
                  {account.lastLoginAt ? formatDate(account.lastLoginAt) : usersTexts.never}
                </td>
                <td data-label={twoFactorTexts.columnHeader} className={ui.cellMuted}>
                  {account.totpEnabled ? twoFactorTexts.yes : twoFactorTexts.no}
                </td>
                <td className={ui.actionsCell}>
                  {/* One's own passkeys are managed in « Mon compte ». */}
                  {isMe ? null : <RemovePasskeysButton account={account} />}
                  {/* No one deletes their own account: the cell stays, empty. */}
                  <RowActions name={account.email} onDelete={isMe ? undefined : () => remove.askDelete(account)} busy={remove.pending} />
                </td>
              </tr>
            );
          })}
        </DataTable>
      </ListPanel>
    </TabPage>
  );
}
