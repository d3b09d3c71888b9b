import { afterEach, describe, expect, it, vi } from 'vitest';
import { texts } from '@bande/shared/texts';
import { passkeyTexts } from '@bande/shared/schemas/passkeys';
import { ApiError, apiGet, apiSend, errorTextFor, formErrorText, technicalDetail } from './api-client.ts';
import { passkeyErrorMessage } from '../admin/lib/passkeys.ts';
import { loginErrorMessage } from '../admin/auth/login-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const ENGLISH = /Failed to fetch|TypeError|NetworkError|\bAPI (GET|POST|PUT|DELETE)\b|\bon \/api\//;

/** The error a call meets when fetch answers `answer` (or fails with it). */
async function failureOf(call: () => Promise<unknown>, answer: Response | Error): Promise<unknown> {
  vi.stubGlobal('fetch', vi.fn(async () => {
    if (answer instanceof Error) throw answer;
    return answer;
  }));
  return call().then(
    () => expect.fail('the call should fail'),
    (error: unknown) => error,
  );
}

const save = () => apiSend('PUT', '/api/shows/6', { pitch: 'Un pitch' }, { token: 'jeton' });

describe('what a failed call says (issue 35: errors say what happened, in French)', () => {
  it('a server that cannot be reached: the connection, and a French detail naming the call', async () => {
    const error = await failureOf(save, new TypeError('Failed to fetch'));
    expect(error).toBeInstanceOf(ApiError);
    expect(errorTextFor(error)).toBe(texts.errors.network);
    expect(formErrorText(error)).toBe(`${texts.errors.network} ${texts.errors.inputKept}`);
    expect(technicalDetail(error)).toBe(texts.errors.detailNoAnswer('PUT /api/shows/6'));
    expect(`${String((error as Error).message)} ${technicalDetail(error)}`).not.toMatch(ENGLISH);
    // A read too (the lists): no 'TypeError: Failed to fetch' in its details.
    expect(technicalDetail(await failureOf(() => apiGet('/api/shows'), new TypeError('Failed to fetch')))).toBe(texts.errors.detailNoAnswer('GET /api/shows'));
  });

  it('a 500 without a word: the server had a problem, the input is kept, and the detail is French', async () => {
    const error = await failureOf(save, new Response('<html>Bad gateway</html>', { status: 500 }));
    expect(errorTextFor(error)).toBe(texts.errors.server);
    expect(texts.errors.server).toMatch(/serveur/);
    expect(formErrorText(error)).toBe(`${texts.errors.server} ${texts.errors.inputKept}`);
    expect(technicalDetail(error)).toBe('Le serveur a répondu 500 à PUT /api/shows/6.');
    expect(`${(error as Error).message} ${technicalDetail(error)}`).not.toMatch(ENGLISH);
    expect(technicalDetail(await failureOf(() => apiGet('/api/shows'), new Response('', { status: 503 })))).toBe('Le serveur a répondu 503 à GET /api/shows.');
  });

  it('a refusal (4xx) is the server’s own French explanation, with nothing said about kept input', async () => {
    const error = await failureOf(save, Response.json({ error: 'Le nom est obligatoire' }, { status: 400 }));
    expect(errorTextFor(error)).toBe('Le nom est obligatoire');
    expect(formErrorText(error)).toBe('Le nom est obligatoire');
  });

  it('an abort stays an abort (nothing to say)', async () => {
    const error = await failureOf(save, new DOMException('aborted', 'AbortError'));
    expect(errorTextFor(error)).toBeUndefined();
  });

  it('a passkey sign-in that fails for the server’s sake does not blame the browser', async () => {
    const options = () => apiSend('POST', '/api/auth/passkey/options');
    expect(passkeyErrorMessage(await failureOf(options, new TypeError('Failed to fetch')), passkeyTexts.loginFailed)).toBe(texts.errors.network);
    expect(passkeyErrorMessage(await failureOf(options, new Response('', { status: 500 })), passkeyTexts.loginFailed)).toBe(texts.errors.server);
    // The browser's own refusal is still said as one.
    expect(passkeyErrorMessage(new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError'), passkeyTexts.loginFailed)).toBe(passkeyTexts.browserCancelled);
  });

  it('a login answered 500 says the server, not a wrong password nor the connection', async () => {
    const error = await failureOf(() => apiSend('POST', '/api/auth/login', {}), Response.json({ error: 'Erreur interne du serveur' }, { status: 500 }));
    expect(loginErrorMessage(error).message).toBe(texts.errors.server);
    expect(loginErrorMessage(await failureOf(() => apiSend('POST', '/api/auth/login', {}), new TypeError('Failed to fetch'))).message).toBe(texts.errors.connection);
  });
});
