import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { loadConfig } from '../api/config.ts';
import { dirTarget, storageTarget, syncTree, type SyncResult } from '../publisher/export-targets.ts';
import { exportTree, type ExportTree } from '../publisher/export-tree.ts';
import { zipTree } from '../publisher/export-zip.ts';
import { createStorage } from '../storage/index.ts';

const USAGE = `Usage: npm run export -- --site <siteId> (--out <file.zip> | --dir <folder> | --to-storage)

  --out         the live version as a ZIP file
  --dir         the same tree written into a folder; a later export writes only what changed
  --to-storage  the same tree into the export bucket (EXPORT_STORAGE_DRIVER, EXPORT_STORAGE_DIR)`;

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
async function main() {
  const { values } = parseArgs({ options: { site: { type: 'string' }, out: { type: 'string' }, dir: { type: 'string' }, 'to-storage': { type: 'boolean' }, help: { type: 'boolean' } } });
  const modes = [values.out, values.dir, values['to-storage']].filter((mode) => mode !== undefined && mode !== false).length;
  if (values.help || !values.site || modes !== 1) {
    console.log(USAGE);
    process.exit(values.help ? 0 : 2);
  }
  const config = loadConfig();
  const storage = createStorage({ ...config.storage, publicBaseUrl: '/' });
  const tree = await exportTree(storage, values.site);
  if (!tree) {
    console.error(`Site ${values.site} has no published version in ${config.storage.driver === 's3' ? `bucket ${config.storage.s3?.bucket}` : config.storage.root}.`);
    process.exit(1);
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
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
