import { ApiError } from '../../lib/api-client.ts';

/**
 * The message to show when sending a form failed: the server's own French text when it answered
 * with one, else the form's failure text; a request that never got an answer gives `exceptionText`.
 */
export function submitErrorMessage(error: unknown, failedText: string, exceptionText: string): string {
  // Status 0: the request never got an answer (api-client.ts turns fetch's own failure into one).
  if (error instanceof ApiError && error.status !== 0) {
    const serverText = typeof error.body.error === 'string' && error.body.error.trim() !== '' ? error.body.error : null;
    return serverText ?? failedText;
  }
  return exceptionText;
}
