import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import {
  alreadyExists,
  checkKey,
  contentTypeFor,
  RangeNotSatisfiableError,
  resolveRange,
  StorageNotFoundError,
  type ByteRange,
  type Storage,
} from './storage.ts';
import type { S3Config } from '../env.ts';

export interface S3StorageOptions {
  /** Bytes per part of a multipart upload (S3's minimum, 5 MiB, by default). */
  partSize?: number;
  /** Parts sent at once; memory held by one upload is about partSize × (queueSize + 1). */
  queueSize?: number;
}

const MIN_PART_SIZE = 5 * 1024 * 1024;

export interface S3Storage extends Storage {
  readonly client: S3Client;
  readonly bucket: string;
}

export function s3ClientConfig(config: S3Config): S3ClientConfig {
  return {
    region: config.region,
    ...(config.endpoint && { endpoint: config.endpoint }),
    forcePathStyle: config.forcePathStyle,
    // Without keys, the SDK's default chain (AWS_* variables, profile, instance role...).
    ...(config.accessKeyId && config.secretAccessKey && { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }),
    // Checksums only where S3 requires them: several S3-compatible services (and older MinIO or
    // Garage) refuse the streamed aws-chunked CRC trailers that the SDK would otherwise add.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
}

const status = (error: unknown) => (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;

const rangeHeader = (range: ByteRange) => ('suffix' in range ? `bytes=-${range.suffix}` : `bytes=${range.start}-${range.end ?? ''}`);

/**
 * Uploads in an S3-compatible bucket (AWS, MinIO, Garage, Scaleway, OVH, R2...), so that every server
 * behind a load balancer sees the same files. Keys are the same as on disk; the app serves them at
 * /uploads/ by streaming from the bucket (see uploads-route.ts).
 */
export function createS3Storage(config: S3Config, options: S3StorageOptions = {}): S3Storage {
  const client = new S3Client(s3ClientConfig(config));
  const Bucket = config.bucket;
  const partSize = Math.max(options.partSize ?? MIN_PART_SIZE, MIN_PART_SIZE);
  const queueSize = options.queueSize ?? 2;

  const head = async (key: string) => {
    try {
      return await client.send(new HeadObjectCommand({ Bucket, Key: checkKey(key) }));
    } catch (error) {
      if (status(error) === 404) return undefined;
      throw error;
    }
  };

  return {
    client,
    bucket: Bucket,
    async save(key, content) {
      checkKey(key);
      // Not atomic, but keys are random and never reused; this keeps the disk store's promise for
      // the demo seed, which reuses files an earlier seed left.
      if (await head(key)) {
        content.destroy();
        throw alreadyExists(key);
      }
      // Streamed in parts of partSize: a 150 MB video is never held in memory. A small file goes in
      // one PutObject; a failed multipart upload is aborted, its parts deleted (leavePartsOnError).
      const upload = new Upload({
        client,
        params: { Bucket, Key: key, Body: content, ContentType: contentTypeFor(key) },
        partSize,
        queueSize,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (error) {
        content.destroy();
        throw error;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkKey(key) }));
    },
    async exists(key) {
      return (await head(key)) !== undefined;
    },
    async stat(key) {
      const object = await head(key);
      if (!object) return undefined;
      return {
        size: object.ContentLength ?? 0,
        contentType: contentTypeFor(key),
        ...(object.ETag && { etag: object.ETag }),
        ...(object.LastModified && { lastModified: object.LastModified }),
      };
    },
    async read(key, options = {}) {
      let range = options.range;
      if (range && 'suffix' in range) {
        // `bytes=-n` is turned into start-end from the size: not every S3-compatible server knows suffixes.
        const size = (await head(key))?.ContentLength;
        if (size === undefined) throw new StorageNotFoundError(key);
        const resolved = resolveRange(range, size);
        if (!resolved) throw new RangeNotSatisfiableError(size);
        range = resolved;
      }
      let object;
      try {
        object = await client.send(new GetObjectCommand({ Bucket, Key: checkKey(key), ...(range && { Range: rangeHeader(range) }) }));
      } catch (error) {
        if (status(error) === 404) throw new StorageNotFoundError(key);
        if (status(error) === 416) {
          const size = (await head(key))?.ContentLength;
          throw new RangeNotSatisfiableError(size ?? 0);
        }
        throw error;
      }
      const served = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(object.ContentRange ?? '');
      return {
        body: object.Body as Readable,
        size: served ? Number(served[3]) : (object.ContentLength ?? 0),
        contentType: contentTypeFor(key),
        ...(object.ETag && { etag: object.ETag }),
        ...(object.LastModified && { lastModified: object.LastModified }),
        ...(range && served && { range: { start: Number(served[1]), end: Number(served[2]) } }),
      };
    },
    async *list(prefix) {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }));
        for (const object of page.Contents ?? []) if (object.Key) yield object.Key;
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    publicUrl: (key) => `/uploads/${key}`,
  };
}
