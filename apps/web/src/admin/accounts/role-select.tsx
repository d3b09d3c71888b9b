import { useId } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ROLE_LABELS, ROLES, rolesTexts, type Role } from '@bande/shared/schemas/roles';
import type { AdminAccount } from '@bande/shared/schemas/users';
import { errorMessage, invalidateAfterChange, useAdminApi } from '../lib/admin-api.ts';
import { useToast } from '../ui/toast.tsx';
import { ui } from '../ui/layout.tsx';
import styles from './accounts.module.css';
import { accountsKey } from './accounts-key.ts';

/**
 * The role of an account in its row of « Comptes »: a select that saves at once (the server ends that
 * account's sessions, so the person logs in again with the new rights). One's own role is text only:
 * the server refuses that change anyway.
 */
export function RoleSelect({ account, isMe }: { account: AdminAccount; isMe: boolean }) {
  const api = useAdminApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const id = useId();
  const change = useMutation({
    mutationFn: (role: Role) => api.send('PUT', `/api/users/${account.id}`, { role }),
    onSuccess: (_answer, role) => {
      invalidateAfterChange(queryClient, accountsKey);
      toast.show(rolesTexts.roleChanged(account.email, role), 'success');
    },
    onError: (error) => toast.show(errorMessage(error, rolesTexts.forbidden), 'error'),
  });
  if (isMe) return <span>{ROLE_LABELS[account.role]}</span>;
  return (
    <>
      <label htmlFor={id} className={ui.visuallyHidden}>
        {`${rolesTexts.roleLabel} de ${account.email}`}
      </label>
      <select id={id} className={styles.roleSelect} value={account.role} disabled={change.isPending} onChange={(event) => change.mutate(event.target.value as Role)}>
        {ROLES.map((role) => (
          <option key={role} value={role}>
            {ROLE_LABELS[role]}
          </option>
        ))}
      </select>
    </>
  );
}
