import { parseArgs } from 'node:util';
import { loadConfig } from '../api/config.ts';
import { closeDatabase, openDatabase } from '../api/db/open-database.ts';
import { media } from '../api/db/schema.ts';
import { createStorageLease } from '../api/publishing/storage-lease.ts';
import { KEEP_VERSIONS } from '../publisher/retention.ts';
import { sweepStorage } from '../publisher/sweep.ts';
import { createStorage } from '../storage/index.ts';

const USAGE = `Usage: npm run sweep -- [--keep <versions, default ${KEEP_VERSIONS}>] [--grace-minutes <default 15>]`;

/**
 * Removes from storage what no kept version of any site reaches and the originals no media row
 * names, waiting for the publishes in flight first; prints what it removed.
 */
async function main() {
  const { values } = parseArgs({ options: { keep: { type: 'string' }, 'grace-minutes': { type: 'string' }, help: { type: 'boolean' } } });
  const keep = values.keep === undefined ? KEEP_VERSIONS : Number(values.keep);
  const graceMinutes = values['grace-minutes'] === undefined ? 15 : Number(values['grace-minutes']);
  if (values.help || !Number.isInteger(keep) || keep < 0 || !Number.isFinite(graceMinutes) || graceMinutes < 0) {
    console.log(USAGE);
    process.exit(values.help ? 0 : 2);
  }
  const config = loadConfig();
  const db = await openDatabase(config.database);
  const storage = createStorage({ ...config.storage, publicBaseUrl: '/' });
  const started = Date.now();
  const report = await createStorageLease(db).whileSweeping(() =>
    sweepStorage(storage, {
      keep,
      olderThan: new Date(started - graceMinutes * 60_000),
      uploadsInUse: async () => new Set((await db.selectDistinct({ sha256: media.sha256 }).from(media).all()).map((row) => row.sha256)),
    }),
  );
  console.log(
    `${report.versionsPruned} versions pruned, ${report.keysRemoved} keys removed, ${(report.bytesFreed / 1024 / 1024).toFixed(1)} MB freed in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  await closeDatabase(db);
}

await main();
