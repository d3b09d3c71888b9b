import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { LIMITS, texts } from '@bande/shared';
import { badRequest, HttpError, payloadTooLarge, unsupportedMediaType } from '../../lib/http-error.ts';
import type { Storage } from '../../plugins/storage.ts';

export type UploadKind = 'image' | 'video';

export interface UploadLimits {
  imageBytes: number;
  videoBytes: number;
}

export const DEFAULT_UPLOAD_LIMITS: UploadLimits = {
  imageBytes: LIMITS.imageUploadBytes,
  videoBytes: LIMITS.videoUploadBytes,
};

/**
 * What we accept, keyed by the extension file-type detects from the content, with the extension we
 * store under (it decides the served content-type). APNG is a PNG, M4V an MP4 variant; an Ogg file
 * is accepted when it is video or a generic Ogg container (e.g. a Skeleton track before Theora), not
 * when it is clearly audio only.
 */
const ACCEPTED: Record<string, { ext: string; kind: UploadKind }> = {
  jpg: { ext: 'jpg', kind: 'image' },
  png: { ext: 'png', kind: 'image' },
  apng: { ext: 'png', kind: 'image' },
  webp: { ext: 'webp', kind: 'image' },
  avif: { ext: 'avif', kind: 'image' },
  gif: { ext: 'gif', kind: 'image' },
  mp4: { ext: 'mp4', kind: 'video' },
  m4v: { ext: 'mp4', kind: 'video' },
  webm: { ext: 'webm', kind: 'video' },
  ogv: { ext: 'ogv', kind: 'video' },
  ogm: { ext: 'ogv', kind: 'video' },
  ogx: { ext: 'ogv', kind: 'video' },
};

/** file-type reads at most this many bytes to decide (its own "reasonable detection size"). */
const SNIFF_BYTES = 4100;

export interface StoredUpload {
  key: string;
  url: string;
  kind: UploadKind;
  bytes: number;
}

/** `YYYY/MM/<32 hex>.<ext>`: never the client's name, never reused, so it can be cached forever. */
export function newUploadKey(now: Date, ext: string): string {
  const year = now.getUTCFullYear();
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `${year}/${month}/${crypto.randomBytes(16).toString('hex')}.${ext}`;
}

/**
 * Streams an uploaded file into storage. The type is decided by the first bytes only (the client's
 * name and mimetype are ignored), and bytes are counted while streaming, so nothing larger than the
 * limit is ever held in memory or left in storage.
 */
export async function storeUpload(
  storage: Storage,
  content: Readable,
  { now, limits = DEFAULT_UPLOAD_LIMITS }: { now: Date; limits?: UploadLimits },
): Promise<StoredUpload> {
  const chunks: AsyncIterator<Buffer> = content[Symbol.asyncIterator]();
  const next = () => chunks.next().catch(asClientError);
  const head: Buffer[] = [];
  let headBytes = 0;
  try {
    while (headBytes < SNIFF_BYTES) {
      const chunk = await next();
      if (chunk.done) break;
      head.push(chunk.value);
      headBytes += chunk.value.length;
    }
    if (headBytes === 0) throw badRequest(texts.api.uploadMissingFile);
    // Loaded with the first upload rather than at start (issue 27).
    const { fileTypeFromBuffer } = await import('file-type');
    const detected = await fileTypeFromBuffer(Buffer.concat(head));
    const accepted = detected ? ACCEPTED[detected.ext] : undefined;
    if (!accepted) throw unsupportedMediaType(texts.api.uploadUnsupportedType);
    const maxBytes = accepted.kind === 'image' ? limits.imageBytes : limits.videoBytes;
    const tooLarge = () =>
      payloadTooLarge(accepted.kind === 'image' ? texts.api.uploadImageTooLarge : texts.api.uploadVideoTooLarge);
    if (headBytes > maxBytes) throw tooLarge();

    const key = newUploadKey(now, accepted.ext);
    let bytes = 0;
    const counted = Readable.from(
      (async function* () {
        for (const chunk of head) yield chunk;
        bytes = headBytes;
        for (let chunk = await next(); !chunk.done; chunk = await next()) {
          bytes += chunk.value.length;
          if (bytes > maxBytes) throw tooLarge();
          yield chunk.value;
        }
      })(),
      { objectMode: false },
    );
    try {
      await storage.save(key, counted);
    } catch (error) {
      // save() promises to leave nothing behind; removing again costs little and covers stores
      // that create the object before the stream fails.
      await storage.remove(key);
      throw error;
    }
    return { key, url: storage.publicUrl(key), kind: accepted.kind, bytes };
  } catch (error) {
    // Stop reading the rest of a refused upload.
    content.destroy();
    throw error;
  }
}

/**
 * The source is the visitor's request: when it breaks (no boundary, truncated multipart), that is bad
 * input, not a server fault. Errors that already carry a 4xx (multipart limits) keep it.
 */
export function asClientError(error: unknown): never {
  const status = (error as { statusCode?: number } | null)?.statusCode;
  if (error instanceof HttpError || (status !== undefined && status < 500)) throw error;
  throw badRequest(texts.api.invalidBody);
}
