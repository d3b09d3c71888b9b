import { texts } from '@bande/shared/texts';
import { useConfirm } from '../ui/confirm.tsx';
import { useAdminAction } from './mutations.ts';

/**
 * Publish or unpublish a record of a tab: `${path}/${id}/publish` or `/unpublish`, whichever is the opposite of
 * its state. POST for most resources; partners take PUT (spec section 7).
 */
export function usePublishToggle<T extends { id: number; published: boolean }>(key: readonly unknown[], path: string, method: 'POST' | 'PUT' = 'POST') {
  const publish = useAdminAction(key, (api, item: T) => api.send(method, `${path}/${item.id}/${item.published ? 'unpublish' : 'publish'}`), texts.errors.publish);
  return (item: T) => publish.mutate(item);
}

/**
 * Delete a record of a tab (DELETE `${path}/${id}`) once the staff member has confirmed `confirmText(item)`;
 * `pending` is true while the request runs (the tabs disable their delete buttons meanwhile).
 */
export function useConfirmedDelete<T extends { id: number }>(
  key: readonly unknown[],
  path: string,
  confirmText: (item: T) => string,
  failureText: string = texts.errors.delete,
) {
  const confirm = useConfirm();
  const remove = useAdminAction(key, (api, id: number) => api.send('DELETE', `${path}/${id}`), failureText);
  async function askDelete(item: T) {
    if (await confirm({ message: confirmText(item) })) remove.mutate(item.id);
  }
  return { askDelete: (item: T) => void askDelete(item), pending: remove.isPending };
}
