import { parseArgs } from 'node:util';
import { rebuildRollups, runRollup } from '../api/analytics/run-rollup.ts';
import { loadConfig } from '../api/config.ts';
import { closeDatabase, openDatabase } from '../api/db/open-database.ts';
import { experimentArmOf } from '../api/experiments/event-arm.ts';

const USAGE = 'Usage: npm run analytics:rebuild [-- --site <siteId>]';

/**
 * Rebuilds the analytics rollups from the raw events: every site's, or one site's with --site.
 * Safe beside a running server: its rollup job goes on folding new events while this refolds the
 * old ones (api/analytics/run-rollup.ts), and a rebuild stopped midway is simply run again.
 */
async function main() {
  const { values } = parseArgs({ options: { site: { type: 'string' }, help: { type: 'boolean' } } });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const db = await openDatabase(loadConfig().database);
  // Each event's arm as the server's job gives it, so a rebuild keeps the variant dimension.
  const armOf = experimentArmOf(db);
  try {
    const started = performance.now();
    // Events refolded of those to refold, redrawn in place on a terminal only.
    const progress = (done: number, total: number) => {
      if (process.stderr.isTTY) process.stderr.write(`\revents ${done.toLocaleString('en')} of ${total.toLocaleString('en')}`);
    };
    const { events } = await rebuildRollups(db, { siteId: values.site, batch: 20_000, onProgress: progress, armOf });
    if (process.stderr.isTTY) process.stderr.write('\n');
    // Events that arrived while rebuilding, folded now rather than at the server's next tick.
    const caught = (await runRollup(db, { armOf })).events;
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `Rebuilt ${values.site ? `site ${values.site}` : 'every site'}: ${events.toLocaleString('en')} events in ${seconds.toFixed(1)} s (${Math.round(events / seconds).toLocaleString('en')}/s), ${caught} newer folded.`,
    );
  } finally {
    await closeDatabase(db);
  }
}

await main();
