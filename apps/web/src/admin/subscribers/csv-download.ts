import { ApiError } from '../../lib/api-client.ts';

/**
 * Downloads an admin file: a plain link could not carry the bearer token, so the file is fetched with
 * it and handed to the browser as a Blob under `filename`.
 */
export async function downloadWithToken(path: string, token: string | null, filename: string): Promise<void> {
  const response = await fetch(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    throw new ApiError(typeof body.error === 'string' ? body.error : `API GET ${response.status} on ${path}`, response.status, body);
  }
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = filename;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // After the click has started the download.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
