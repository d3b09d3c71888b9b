import { EMAIL_PATTERN } from '@bande/shared/constants';
import { ApiError } from '../../lib/api-client.ts';

/** The server's own address check (the spec's simple pattern), from the zod-free constants. */
export const isEmail = (value: string) => EMAIL_PATTERN.test(value.trim());
export const isBlank = (value: string) => value.trim() === '';

/**
 * The message to show when sending a form failed: the server's own French text when it answered
 * with one, else the form's failure text; a request that never got an answer gives `exceptionText`.
 */
export function submitErrorMessage(error: unknown, failedText: string, exceptionText: string): string {
  if (error instanceof ApiError) {
    const serverText = typeof error.body.error === 'string' && error.body.error.trim() !== '' ? error.body.error : null;
    return serverText ?? failedText;
  }
  return exceptionText;
}
