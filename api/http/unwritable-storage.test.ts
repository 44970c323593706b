import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { S3ServiceException } from '@aws-sdk/client-s3';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { unwritableStorageKey } from './unwritable-storage.ts';

/** The failures a full or read-only storage causes, told apart from every other (api/storage-health.test.ts makes them happen end to end). */
async function thrownBy(action: () => unknown): Promise<unknown> {
  try {
    await action();
  } catch (error) {
    return error;
  }
  throw new Error('nothing was thrown');
}

describe('unwritableStorageKey', () => {
  it('reads a full disk from a real write to /dev/full, also as the cause of another error', async () => {
    const full = await thrownBy(() => writeFile('/dev/full', 'x'));
    expect(unwritableStorageKey(full)).toBe('storageFull');
    expect(unwritableStorageKey(new Error('publish failed', { cause: new Error('while writing', { cause: full }) }))).toBe('storageFull');
  });

  it('reads a read-only SQLite database from a real write to one', async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'swipegrid-readonly-'));
    try {
      const file = path.join(folder, 'db.sqlite');
      const writable = new Database(file);
      writable.exec('CREATE TABLE t (x)');
      writable.close();
      const readOnly = new Database(file, { readonly: true });
      const error = await thrownBy(() => readOnly.exec('INSERT INTO t VALUES (1)'));
      readOnly.close();
      expect(unwritableStorageKey(error)).toBe('storageReadOnly');
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('reads an S3-compatible store that is full or denies writes, as the AWS SDK throws them (no such store is reachable here)', () => {
    const s3 = (name: string, httpStatusCode: number) => new S3ServiceException({ name, $fault: 'client', $metadata: { httpStatusCode }, message: name });
    expect(unwritableStorageKey(s3('XMinioStorageFull', 507))).toBe('storageFull');
    expect(unwritableStorageKey(s3('InsufficientStorage', 507))).toBe('storageFull');
    expect(unwritableStorageKey(s3('AccessDenied', 403))).toBe('storageReadOnly');
    expect(unwritableStorageKey(s3('NoSuchKey', 404))).toBeNull();
  });

  it('leaves every other failure alone: a missing file, a refused permission, a plain bug', async () => {
    expect(unwritableStorageKey(await thrownBy(() => writeFile('/nonexistent-folder/x', 'x')))).toBeNull();
    expect(unwritableStorageKey(new Error('disk full'))).toBeNull();
    expect(unwritableStorageKey('ENOSPC')).toBeNull();
  });
});
