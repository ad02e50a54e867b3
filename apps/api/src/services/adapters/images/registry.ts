/**
 * The image storage of a server, picked once from its config (README "Menu photos"): files on disk under
 * the data dir by default, S3-compatible storage when configured, memory for tests.
 */
import { createS3Storage } from './s3/s3';
import type { S3StorageConfig } from './s3/s3';
import { diskStorage, memoryStorage } from './storage';
import type { ImageStorage } from './storage';

export type ImageStorageConfig =
  { storage: 'disk'; dir: string } | ({ storage: 's3' } & S3StorageConfig) | { storage: 'memory' };

export function createImageStorage(
  config: ImageStorageConfig,
  fetchImpl: typeof fetch = fetch,
): ImageStorage {
  if (config.storage === 'disk') return diskStorage(config.dir);
  if (config.storage === 's3') return createS3Storage(config, fetchImpl);
  return memoryStorage();
}
