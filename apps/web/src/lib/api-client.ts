import { texts } from '@bande/shared/texts';

/**
 * The one fetch wrapper of the web app. GET failures carry the spec's 'API GET {status} on {path}'
 * message; other calls carry the server's French `error` text when there is one.
 */
export class ApiError extends Error {
  constructor(
    message: string,
    public readonly status: number,
    /** The parsed JSON error body ({ error, issues?, remainingAttempts?, canRequestUnlock? ... }). */
    public readonly body: Record<string, unknown> = {},
    /** The call that failed, for the technical detail (technicalDetail). */
    public readonly request?: { method: string; path: string },
  ) {
    super(message);
  }
}

export interface RequestOptions {
  token?: string | null;
  signal?: AbortSignal;
  /** 'no-cache': asks the server again even when the browser holds a fresh copy (a count the visitor just changed). */
  cache?: RequestCache;
}

const authHeader = (token?: string | null): Record<string, string> => (token ? { authorization: `Bearer ${token}` } : {});

async function readJson(response: Response): Promise<Record<string, unknown>> {
  try {
    return (await response.json()) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/** How API reads travel: fetch in the browser; the server renderer answers them in process. */
export type ApiTransport = (path: string, init: RequestInit) => Promise<Response>;
let transport: ApiTransport = (path, init) => fetch(path, init);

/** Called once by the server renderer (entry-server.tsx), never in the browser. */
export function setApiTransport(next: ApiTransport): void {
  transport = next;
}

/**
 * fetch's own failure (offline, server down: 'TypeError: Failed to fetch') becomes an ApiError of status 0
 * in French; an abort stays an AbortError.
 */
async function reach(call: () => Promise<Response>, method: string, path: string): Promise<Response> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof Error && error.name === 'AbortError') throw error;
    throw new ApiError(texts.errors.network, 0, {}, { method, path });
  }
}

export async function apiGet<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await reach(
    () => transport(path, { headers: { accept: 'application/json', ...authHeader(options.token) }, signal: options.signal, ...(options.cache ? { cache: options.cache } : {}) }),
    'GET',
    path,
  );
  if (!response.ok) {
    throw new ApiError(texts.errors.apiGet(response.status, path), response.status, await readJson(response), { method: 'GET', path });
  }
  return (await response.json()) as T;
}

export async function apiSend<T>(
  method: 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const response = await reach(
    () =>
      fetch(path, {
        method,
        headers: { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...authHeader(options.token) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: options.signal,
      }),
    method,
    path,
  );
  const json = await readJson(response);
  if (!response.ok) {
    const serverMessage = typeof json.error === 'string' ? json.error : undefined;
    throw new ApiError(serverMessage ?? texts.errors.detailStatus(`${method} ${path}`, response.status), response.status, json, { method, path });
  }
  return json as T;
}

const UPLOAD_REQUEST = { method: 'POST', path: '/api/upload' };

export interface UploadOptions {
  token: string | null;
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/**
 * POST /api/upload with real progress (fetch has no upload progress, XMLHttpRequest does).
 * Rejects with 'Upload annulé' when aborted and 'Erreur réseau lors de l'upload' on a network failure.
 */
export function uploadFile(file: File, { token, onProgress, signal }: UploadOptions): Promise<{ url: string }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/upload');
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      let json: Record<string, unknown> = {};
      try {
        json = JSON.parse(xhr.responseText) as Record<string, unknown>;
      } catch {
        // not JSON: handled below
      }
      if (xhr.status >= 200 && xhr.status < 300 && typeof json.url === 'string') {
        onProgress?.(100);
        resolve({ url: json.url });
      } else {
        reject(new ApiError(typeof json.error === 'string' ? json.error : texts.errors.upload, xhr.status, json, UPLOAD_REQUEST));
      }
    };
    xhr.onerror = () => reject(new ApiError(texts.errors.uploadNetwork, 0, {}, UPLOAD_REQUEST));
    xhr.onabort = () => reject(new ApiError(texts.errors.uploadCancelled, 0, {}, UPLOAD_REQUEST));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}

/**
 * What a person is told of a failed call, in French and without technical words (never 'Failed to
 * fetch' nor 'API PUT 500 on /api/…'): a call that never reached the server → texts.errors.network; a
 * server failure (5xx) → texts.errors.server; a refusal (4xx) → the server's own French explanation.
 * undefined when there is nothing better than the caller's own text. The technical detail stays in the
 * error (technicalDetail), for a folded « Détails techniques ».
 */
export function errorTextFor(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return error instanceof Error && error.name === 'AbortError' ? undefined : texts.errors.network;
  if (error.status === 0) return error.message === texts.errors.uploadCancelled ? error.message : texts.errors.network;
  if (error.status >= 500) return texts.errors.server;
  const serverText = error.body.error;
  return typeof serverText === 'string' && serverText ? serverText : undefined;
}

/**
 * The failure as whoever helps needs it, in French: the call and the server's status (« Le serveur a
 * répondu 500 à PUT /api/shows/6. »), or that no answer came; never the browser's English.
 */
export function technicalDetail(error: unknown): string {
  if (!(error instanceof ApiError)) return texts.errors.detailUnexpected;
  const request = error.request ? `${error.request.method} ${error.request.path}` : 'la requête';
  return error.status === 0 ? texts.errors.detailNoAnswer(request) : texts.errors.detailStatus(request, error.status);
}

/** After a form's failed save: what happened, and, when the network or the server failed, that the input is still there. */
export function formErrorText(error: unknown): string | undefined {
  const said = errorTextFor(error);
  const kept = error instanceof ApiError && (error.status === 0 || error.status >= 500) && error.message !== texts.errors.uploadCancelled;
  return said && kept ? `${said} ${texts.errors.inputKept}` : said;
}
