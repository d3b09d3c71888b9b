import path from 'node:path';
import type { AppConfig } from '../env.ts';
import { createDiskStorage, type Storage } from './storage.ts';

/**
 * The storage the configuration asks for: the bucket when S3_BUCKET is set, else DATA_DIR/uploads.
 * The AWS SDK is loaded only then.
 */
export async function createStorage(config: Pick<AppConfig, 'dataDir' | 's3'>): Promise<Storage> {
  if (!config.s3) return createDiskStorage(path.join(config.dataDir, 'uploads'));
  const { createS3Storage } = await import('./s3-storage.ts');
  return createS3Storage(config.s3);
}
