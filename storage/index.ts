import { createFsStorage } from './fs-storage.ts';
import type { Storage } from './storage.ts';

export type { Storage } from './storage.ts';

export type StorageConfig = {
  /** 'fs' today; 's3' is designed for but not built. */
  driver: string;
  /** Folder of the fs driver. */
  root?: string;
  publicBaseUrl: string;
};

/**
 * The storage driver named by `config.driver`. Throws for a name it does not know, and for
 * 's3' until that driver exists: a typo in configuration must stop the server, not quietly
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
      throw new Error('the s3 driver is not built yet');
    default:
      throw new Error(`unknown storage driver ${JSON.stringify(config.driver)} (known: fs, s3)`);
  }
}
