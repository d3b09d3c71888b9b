import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeletedEntity, Revision, RevisionDetail, RevisionEntity } from '@bande/shared/schemas/revisions';
import { ADMIN_KEY, invalidateAfterChange, unwrapList, unwrapOne, useAdminApi, type AdminApi } from '../lib/admin-api.ts';

export const revisionsKey = [ADMIN_KEY, 'revisions'] as const;

export const revisionsQuery = (api: AdminApi, entity: RevisionEntity, entityId: number) =>
  queryOptions({
    queryKey: [...revisionsKey, entity, entityId],
    queryFn: async () => unwrapList<Revision>(await api.get(`/api/revisions?entity=${entity}&entityId=${entityId}`)),
    staleTime: 0,
  });

/** A revision never changes once written: its snapshot is kept as long as the page lives. */
export const revisionDetailQuery = (api: AdminApi, id: number) =>
  queryOptions({
    queryKey: [...revisionsKey, 'detail', id],
    queryFn: async () => unwrapOne<RevisionDetail>(await api.get(`/api/revisions/${id}`)),
    staleTime: Infinity,
  });

/** Under the tab's own key: a delete in the tab (which refetches the tab's data) refreshes it too. */
export const deletedQuery = (api: AdminApi, entity: RevisionEntity, contentKey: readonly unknown[]) =>
  queryOptions({
    queryKey: [...contentKey, 'deleted-revisions', entity],
    queryFn: async () => unwrapList<DeletedEntity>(await api.get(`/api/revisions/deleted?entity=${entity}`)),
    staleTime: 0,
  });

export function useRevisions(entity: RevisionEntity, entityId: number) {
  return useQuery(revisionsQuery(useAdminApi(), entity, entityId));
}

export function useRevisionDetail(id: number | undefined) {
  return useQuery({ ...revisionDetailQuery(useAdminApi(), id ?? 0), enabled: id !== undefined });
}

export function useDeleted(entity: RevisionEntity, contentKey: readonly unknown[]) {
  return useQuery(deletedQuery(useAdminApi(), entity, contentKey));
}

/**
 * POST /api/revisions/:id/restore. On success the tab's data (`contentKey`) and the histories are
 * refetched, and public queries marked stale, as after any edit.
 */
export function useRestore(contentKey: readonly unknown[]) {
  const api = useAdminApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (revisionId: number) => unwrapOne<Record<string, unknown>>(await api.send('POST', `/api/revisions/${revisionId}/restore`)),
    onSuccess: () => {
      invalidateAfterChange(queryClient, contentKey);
      void queryClient.invalidateQueries({ queryKey: revisionsKey });
    },
  });
}
