import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { dirTarget, storageTarget, syncTree, type SyncResult } from '../../publisher/export-targets.ts';
import { exportTree, type ExportTree } from '../../publisher/export-tree.ts';
import { zipTree } from '../../publisher/export-zip.ts';
import { createStorage } from '../../storage/index.ts';
import { loadConfig } from '../config.ts';
import { parseOptions, UsageError, type Command } from './command.ts';

/** Writes the ZIP beside its destination, then renames it: a failed export leaves no half file. */
async function writeZip(tree: ExportTree, out: string): Promise<number> {
  const file = resolve(out);
  const temp = `${file}.~tmp-${randomBytes(6).toString('hex')}`;
  try {
    await pipeline(zipTree(tree), createWriteStream(temp));
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  return (await stat(file)).size;
}

function describeSync(where: string, result: SyncResult): string {
  return `${where}: ${result.files} files, ${result.written} written, ${result.unchanged} unchanged, ${result.removed} removed`;
}

/** Takes a published site out: the live version's public tree as a ZIP, a folder or a bucket. */
export const exportSite: Command = {
  summary: "write a site's live version as a ZIP, a folder or into the export bucket",
  usage: `swipegrid export --site <siteId> (--out <file.zip> | --dir <folder> | --to-storage)

  --out         the live version as a ZIP file
  --dir         the same tree written into a folder; a later export writes only what changed
  --to-storage  the same tree into the export bucket (EXPORT_STORAGE_DRIVER, EXPORT_STORAGE_DIR)`,
  async run(args) {
    const values = parseOptions(args, { site: { type: 'string' }, out: { type: 'string' }, dir: { type: 'string' }, 'to-storage': { type: 'boolean' } });
    if (!values.site) throw new UsageError('--site <siteId> is required');
    const modes = [values.out, values.dir, values['to-storage']].filter((mode) => mode !== undefined && mode !== false).length;
    if (modes !== 1) throw new UsageError('give exactly one of --out, --dir and --to-storage');
    const config = loadConfig();
    const storage = createStorage({ ...config.storage, publicBaseUrl: '/' });
    const tree = await exportTree(storage, values.site);
    if (!tree) {
      console.error(`Site ${values.site} has no published version in ${config.storage.driver === 's3' ? `bucket ${config.storage.s3?.bucket}` : config.storage.root}.`);
      return 1;
    }
    console.error(`Exporting version ${tree.version} of site ${tree.siteId}: ${tree.entries.length} files, pages under /${tree.base}`);
    if (values.out) {
      const bytes = await writeZip(tree, values.out);
      console.log(`${resolve(values.out)}: ${tree.entries.length} files, ${bytes} bytes`);
    } else if (values.dir) {
      console.log(describeSync(resolve(values.dir), await syncTree(tree, dirTarget(values.dir))));
    } else {
      const target = config.exportStorage;
      // The main store holds every site's versions: a tree written over it could shadow them.
      if (target.driver === 's3' && target.s3 === undefined) throw new Error("Set EXPORT_S3_BUCKET: the bucket the s3 export writes to (the main bucket's S3_ENDPOINT, S3_REGION and keys are used).");
      const sameStore = target.driver === 's3' ? config.storage.s3?.bucket === target.s3?.bucket && config.storage.s3?.endpoint === target.s3?.endpoint : target.root === config.storage.root;
      if (target.driver === config.storage.driver && sameStore) throw new Error('The export bucket must not be the main storage: set EXPORT_STORAGE_DIR (fs) or EXPORT_S3_BUCKET (s3).');
      const bucket = createStorage({ ...target, publicBaseUrl: '/' });
      console.log(describeSync(target.driver === 's3' ? `s3:${target.s3?.bucket}` : `${target.driver}:${target.root}`, await syncTree(tree, storageTarget(bucket))));
    }
    return 0;
  },
};
