import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PASSKEYS, passkeyNameSchema, passkeyTexts, type Passkey } from '@bande/shared/schemas/passkeys';
import { ADMIN_KEY, unwrapList, useAdminApi } from '../lib/admin-api.ts';
import { formatDateTime } from './account-dates.ts';
import { createPasskey, passkeyErrorMessage, passkeysSupported } from '../lib/passkeys.ts';
import { useConfirmedDelete } from '../lib/record-actions.ts';
import { AdminButton } from '../ui/button.tsx';
import { Alert } from '../ui/alert.tsx';
import { DataTable } from '../ui/data-table.tsx';
import { TextField } from '../ui/field.tsx';
import { ui } from '../ui/layout.tsx';
import { RowActions } from '../ui/row-actions.tsx';
import { useToast } from '../ui/toast.tsx';
import styles from './account.module.css';

export const passkeysKey = [ADMIN_KEY, 'passkeys'] as const;

/** « Clés d’accès » of the logged-in account: the list with each one's last use, add (named), delete. */
export function PasskeysSection() {
  const api = useAdminApi();
  const queryClient = useQueryClient();
  const toast = useToast();
  const passkeys = useQuery({ queryKey: passkeysKey, queryFn: async () => unwrapList<Passkey>(await api.get('/api/auth/passkeys')), staleTime: 0 });
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string>();
  const remove = useConfirmedDelete<Passkey>(passkeysKey, '/api/auth/passkeys', (passkey) => passkeyTexts.deleteConfirm(passkey.name), passkeyTexts.loadFailed);

  const add = useMutation({
    mutationFn: (value: string) => createPasskey(api, value),
    onSuccess: (passkey) => {
      setNaming(false);
      setName('');
      void queryClient.invalidateQueries({ queryKey: passkeysKey });
      toast.show(passkeyTexts.added(passkey.name), 'success');
    },
    onError: (error) => setNameError(passkeyErrorMessage(error, passkeyTexts.registrationFailed)),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = passkeyNameSchema.safeParse(name);
    if (!parsed.success) {
      setNameError(parsed.error.issues[0]?.message);
      document.getElementById('passkey-name')?.focus();
      return;
    }
    setNameError(undefined);
    add.mutate(parsed.data);
  }

  const list = passkeys.data ?? [];
  return (
    <section className={styles.section} aria-labelledby="passkeys-title">
      <h2 id="passkeys-title" className={styles.title}>
        {passkeyTexts.title}
      </h2>
      <p className={styles.text}>{passkeyTexts.intro}</p>
      {passkeys.isError ? <Alert>{passkeyTexts.loadFailed}</Alert> : null}
      {!passkeysSupported() ? (
        <Alert>{passkeyTexts.unsupported}</Alert>
      ) : naming ? (
        <form className={styles.form} noValidate onSubmit={submit} aria-label={passkeyTexts.addButton}>
          <TextField
            id="passkey-name"
            label={passkeyTexts.nameLabel}
            hint={passkeyTexts.nameHelp}
            required
            autoFocus
            maxLength={PASSKEYS.nameMax}
            autoComplete="off"
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={nameError}
          />
          <div className={styles.buttons}>
            <AdminButton type="submit" variant="primary" disabled={add.isPending}>
              {add.isPending ? passkeyTexts.adding : passkeyTexts.save}
            </AdminButton>
            <AdminButton onClick={() => setNaming(false)} disabled={add.isPending}>
              {passkeyTexts.cancel}
            </AdminButton>
          </div>
        </form>
      ) : (
        <AdminButton
          variant="primary"
          onClick={() => {
            setNameError(undefined);
            setNaming(true);
          }}
        >
          {passkeyTexts.addButton}
        </AdminButton>
      )}
      {passkeys.isSuccess && list.length === 0 ? <p className={styles.text}>{passkeyTexts.empty}</p> : null}
      {list.length > 0 ? (
        <DataTable columns={[passkeyTexts.columns.name, passkeyTexts.columns.createdAt, passkeyTexts.columns.lastUsedAt]}>
          {list.map((passkey) => (
            <tr key={passkey.id}>
              <td className={[ui.cardTitle, ui.cellStrong].join(' ')}>{passkey.name}</td>
              <td data-label={passkeyTexts.columns.createdAt} className={ui.cellMuted}>
                {formatDateTime(passkey.createdAt)}
              </td>
              <td data-label={passkeyTexts.columns.lastUsedAt} className={ui.cellMuted}>
                {passkey.lastUsedAt ? formatDateTime(passkey.lastUsedAt) : passkeyTexts.never}
              </td>
              <td className={ui.actionsCell}>
                <RowActions name={`la clé d’accès « ${passkey.name} »`} onDelete={() => remove.askDelete(passkey)} busy={remove.pending} />
              </td>
            </tr>
          ))}
        </DataTable>
      ) : null}
    </section>
  );
}
