import { useMutation } from '@tanstack/react-query';
import { passkeyTexts } from '@bande/shared/schemas/passkeys';
import { errorMessage, useAdminApi } from '../lib/admin-api.ts';
import { AdminButton } from '../ui/button.tsx';
import { useConfirm } from '../ui/confirm.tsx';
import { useToast } from '../ui/toast.tsx';

/**
 * « Comptes », an administrator's help to a colleague who lost the devices holding their passkeys:
 * every passkey of that account removed (the account is mailed), its password still working.
 */
export function RemovePasskeysButton({ account }: { account: { id: number; email: string } }) {
  const api = useAdminApi();
  const confirm = useConfirm();
  const toast = useToast();
  const remove = useMutation({
    mutationFn: () => api.send<{ message: string }>('DELETE', `/api/users/${account.id}/passkeys`),
    onSuccess: (answer) => toast.show(answer.message, 'success'),
    onError: (error) => toast.show(errorMessage(error, passkeyTexts.loadFailed), 'error'),
  });
  async function ask() {
    if (await confirm({ message: passkeyTexts.removeAllConfirm(account.email), confirmLabel: passkeyTexts.removeAllButton })) remove.mutate();
  }
  return (
    <AdminButton small variant="ghost" onClick={() => void ask()} disabled={remove.isPending} aria-label={`${passkeyTexts.removeAllButton} (${account.email})`}>
      {passkeyTexts.removeAllButton}
    </AdminButton>
  );
}
