import {
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  startAuthentication,
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import type { LoginResponse, Passkey } from '@bande/shared';
import { passkeyTexts } from '@bande/shared/schemas/passkeys';
import { ApiError, apiSend } from '../../lib/api-client.ts';
import { errorMessage, type AdminApi } from './admin-api.ts';

/*
 * The browser's side of the passkey ceremonies (@simplewebauthn/browser): the server's options in,
 * the authenticator's answer out to the server. Browser only (the backoffice is never rendered on the server).
 */

export const passkeysSupported = () => browserSupportsWebAuthn();
export const passkeyAutofillSupported = () => browserSupportsWebAuthnAutofill();

/** Asks the authenticator for a new passkey of the logged-in account, then has the server keep it under `name`. */
export async function createPasskey(api: AdminApi, name: string): Promise<Passkey> {
  const optionsJSON = await api.send<PublicKeyCredentialCreationOptionsJSON>('POST', '/api/auth/passkeys/register/options');
  const response = await startRegistration({ optionsJSON });
  return (await api.send<{ data: Passkey }>('POST', '/api/auth/passkeys/register', { name, response })).data;
}

/**
 * A login with a passkey: with `autofill`, the browser offers the passkeys in the email field's
 * suggestions (conditional mediation) and the promise waits until one is picked; a new ceremony
 * (the button) cancels a waiting one, which then rejects with an AbortError.
 */
export async function loginWithPasskey(autofill: boolean): Promise<LoginResponse> {
  const optionsJSON = await apiSend<PublicKeyCredentialRequestOptionsJSON>('POST', '/api/auth/passkey/options');
  const response = await startAuthentication({ optionsJSON, useBrowserAutofill: autofill });
  return apiSend<LoginResponse>('POST', '/api/auth/passkey/login', { response });
}

/** The server's French message, or the browser's refusal (cancelled, no passkey, not verified) in French. */
export function passkeyErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return errorMessage(error, fallback);
  if (error instanceof Error && error.name === 'InvalidStateError') return passkeyTexts.alreadyRegistered;
  return passkeyTexts.browserCancelled;
}
