import { useMemo } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ApiError, apiGet, apiSend, errorTextFor, formErrorText, uploadFile, type UploadOptions } from '../../lib/api-client.ts';
import { clearSession, currentToken, currentUser, interruptedUser, interruptSession } from './session.ts';
import { hasUnsavedWork, unsavedDrafts } from '../ui/unsaved-work.ts';
import { keepDrafts } from './drafts.ts';
import type { ImageMap } from '@bande/shared/images';

export interface AdminApi {
  get<T>(path: string): Promise<T>;
  send<T = unknown>(method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T>;
  upload(file: File, options?: Omit<UploadOptions, 'token'>): Promise<{ url: string }>;
}

/** Every query key of the backoffice starts with this, so that logout can drop them all at once. */
export const ADMIN_KEY = 'admin';

/**
 * The size and variants of the uploads the backoffice's lists name (their answers' `images`, as the
 * public reads'), kept together whatever list brought them: a thumbnail (`ui/thumb.tsx`) asks for the
 * smallest variant, a few kilobytes, rather than the original, tens of kilobytes each on a phone.
 */
export const adminImagesKey = [ADMIN_KEY, 'images'] as const;

function rememberImages(queryClient: QueryClient, answer: unknown) {
  const images = (answer as { images?: unknown } | null)?.images;
  if (!images || typeof images !== 'object') return;
  queryClient.setQueryData<ImageMap>(adminImagesKey, (known) => ({ ...known, ...(images as ImageMap) }));
}

/**
 * Forgets the session and every admin query (the next user must not see the previous one's data);
 * `expired`: the server ended it, and the login page says « Votre session a expiré, reconnectez-vous. ».
 */
export function endSession(queryClient: QueryClient, { expired = false } = {}) {
  clearSession({ expired });
  queryClient.removeQueries({ queryKey: [ADMIN_KEY] });
}

/**
 * A 401: the session ended on the server (expired, logged out elsewhere, its password or its role
 * changed). With no form holding changes, the credentials are cleared and the route guard sends the user
 * to login, with the notice that the session expired, and back to the same place once logged in again.
 * With changes, the page stays and « Reconnectez-vous » comes over it (admin-app.tsx): the forms keep
 * their input for the same account to save; it is also kept in the browser for that account
 * (drafts.ts), should the page be left before.
 */
function sessionRefused(queryClient: QueryClient) {
  if (interruptedUser()) return;
  const user = currentUser();
  if (user && hasUnsavedWork()) {
    keepDrafts(user.id, unsavedDrafts());
    interruptSession(user);
  } else {
    endSession(queryClient, { expired: true });
  }
}

/** The API client bound to the stored token; a 401 is sessionRefused's. */
export function useAdminApi(): AdminApi {
  const queryClient = useQueryClient();
  return useMemo(() => adminApiFor(queryClient), [queryClient]);
}

/** The same outside React (entry-client.tsx asks for the dashboard's first data before the app renders). */
export function adminApiFor(queryClient: QueryClient): AdminApi {
  const guard = async <T>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) sessionRefused(queryClient);
      throw error;
    }
  };
  return {
    get: <T,>(path: string) =>
      guard(async () => {
        const answer = await apiGet<T>(path, { token: currentToken() });
        rememberImages(queryClient, answer);
        return answer;
      }),
    send: (method, path, body) => guard(() => apiSend(method, path, body, { token: currentToken() })),
    upload: (file, options = {}) => guard(() => uploadFile(file, { ...options, token: currentToken() })),
  };
}

/** Lists come as { data: [...] } except a few plain arrays (venues, origin categories): accept both. */
export function unwrapList<T>(json: unknown): T[] {
  if (Array.isArray(json)) return json as T[];
  const data = (json as { data?: unknown } | null)?.data;
  return Array.isArray(data) ? (data as T[]) : [];
}

/** One item comes as { data: item } or as the item itself. */
export function unwrapOne<T>(json: unknown): T {
  if (json && typeof json === 'object' && 'data' in json) return (json as { data: T }).data;
  return json as T;
}

/**
 * After a change: refetch the admin list, and mark every public query stale so that the public pages of
 * this tab show the change on their next visit instead of their 5-minute cache.
 */
export function invalidateAfterChange(queryClient: QueryClient, key: readonly unknown[]) {
  void queryClient.invalidateQueries({ queryKey: key });
  void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== ADMIN_KEY, refetchType: 'none' });
}

/**
 * The message to show for a failed call (lib/api-client.ts errorTextFor): the network's or the server's
 * failure in plain French, the server's French explanation of a refusal, else the fallback.
 */
export function errorMessage(error: unknown, fallback: string): string {
  return errorTextFor(error) ?? fallback;
}

/** errorMessage for a form's save: a network's or server's failure adds that the input is kept. */
export function formErrorMessage(error: unknown, fallback: string): string {
  return formErrorText(error) ?? fallback;
}
