import { z } from 'zod';

/** The last entry of a backup ZIP: what it holds, and each stored object's headers (a ZIP keeps only names and bytes). */
export const backupManifestSchema = z.object({
  format: z.literal(1),
  createdAt: z.string(),
  version: z.string(),
  objects: z.array(z.object({ key: z.string(), contentType: z.string(), cacheControl: z.string().optional() })),
});
export type BackupManifest = z.infer<typeof backupManifestSchema>;

export const BACKUP_MANIFEST = 'backup.json';
export const BACKUP_DATABASE = 'swipegrid.sqlite';
export const BACKUP_PREVIEW_KEY = 'preview.key';
/** Stored objects sit under this folder of the ZIP, by their storage key. */
export const BACKUP_STORAGE = 'storage/';
