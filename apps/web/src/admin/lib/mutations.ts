import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAdminApi, invalidateAfterChange, errorMessage, formErrorMessage, type AdminApi } from './admin-api.ts';
import { useToast } from '../ui/toast.tsx';

/**
 * A table action (publish, delete, feature...): invalidates the tab's data on success and shows the
 * spec's French failure text — with the server's own explanation when it gave one — in a toast.
 */
export function useAdminAction<TVariables>(
  key: readonly unknown[],
  call: (api: AdminApi, variables: TVariables) => Promise<unknown>,
  failureText: string,
) {
  const api = useAdminApi();
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (variables: TVariables) => call(api, variables),
    onSuccess: () => invalidateAfterChange(queryClient, key),
    onError: (error) => {
      const detail = errorMessage(error, '');
      toast.show(detail && detail !== failureText ? `${failureText} : ${detail}` : failureText, 'error');
    },
  });
}

/** A form's save failed: as failureWithDetail, and, when the network or the server failed, that the input is still there. */
export function formFailure(base: string, error: unknown): string {
  const detail = formErrorMessage(error, '');
  return detail && detail !== base ? `${base} : ${detail}` : base;
}

/** 'Erreur lors de la sauvegarde' followed by what the server said, if anything. */
export function failureWithDetail(base: string, error: unknown): string {
  const detail = errorMessage(error, '');
  return detail && detail !== base ? `${base} : ${detail}` : base;
}
