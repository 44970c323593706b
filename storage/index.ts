import { createFsStorage } from './fs-storage.ts';
import { createS3Storage, type S3Connection, type S3StorageOptions } from './s3-storage.ts';
import type { Storage } from './storage.ts';

export type { Storage } from './storage.ts';
export { checkS3Bucket, type S3Connection, type S3StorageOptions } from './s3-storage.ts';

export type StorageConfig = {
  /** 'fs' or 's3'. */
  driver: string;
  /** Folder of the fs driver. */
  root?: string;
  /** Bucket and connection of the s3 driver. */
  s3?: S3Connection & Partial<Pick<S3StorageOptions, 'multipartThresholdBytes' | 'partSizeBytes' | 'listPageSize'>>;
  publicBaseUrl: string;
};

/**
 * The storage driver named by `config.driver`. Throws for a name it does not know, and for a
 * driver without its settings: a typo in configuration must stop the server, not quietly
 * write published sites somewhere else.
 *
 * @example const storage = createStorage({ driver: 'fs', root: './data/storage', publicBaseUrl: '/s' });
 */
export function createStorage(config: StorageConfig): Storage {
  switch (config.driver) {
    case 'fs':
      if (config.root === undefined || config.root === '') throw new Error('the fs storage driver needs a root folder');
      return createFsStorage({ root: config.root, publicBaseUrl: config.publicBaseUrl });
    case 's3':
      if (config.s3 === undefined) throw new Error('the s3 storage driver needs its bucket settings (S3_BUCKET, S3_REGION, …)');
      return createS3Storage({ ...config.s3, publicBaseUrl: config.publicBaseUrl });
    default:
      throw new Error(`unknown storage driver ${JSON.stringify(config.driver)} (known: fs, s3)`);
  }
}
