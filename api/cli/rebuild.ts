import { asc } from 'drizzle-orm';
import type { PublishResult } from '../../publisher/publish.ts';
import { loadRenderer } from '../../publisher/renderer.ts';
import { createStorage } from '../../storage/index.ts';
import { loadConfig } from '../config.ts';
import { closeDatabase, openDatabase } from '../db/open-database.ts';
import { sites } from '../db/schema.ts';
import { publishableDraft } from '../domains/publishable-draft.ts';
import { publishAndSweep } from '../publishing/publish-and-sweep.ts';
import { recordPublished } from '../publishing/record-published.ts';
import { createStorageLease } from '../publishing/storage-lease.ts';
import { loadSiteDraft } from '../sites/load-site-draft.ts';
import { parseOptions, UsageError, type Command } from './command.ts';
import { createProgressBar } from './progress-bar.ts';

/** Republishes one, several or all sites from the terminal, with a progress bar and a summary. */
export const rebuild: Command = {
  summary: 'republish one, several or all sites',
  usage: 'swipegrid rebuild --site <siteId> [--site <siteId> …] | --all',
  async run(args) {
    const values = parseOptions(args, { site: { type: 'string', multiple: true }, all: { type: 'boolean' } });
    if (values.all && values.site?.length) throw new UsageError('give either --site or --all, not both');
    if (!values.all && !values.site?.length) throw new UsageError('--site <siteId> or --all is required');
    const config = loadConfig();
    const db = await openDatabase(config.database, config.postgres);
    const storage = createStorage({ ...config.storage, publicBaseUrl: '/' });
    const renderer = await loadRenderer();
    const lease = createStorageLease(db);
    const known = await db.select({ id: sites.id, name: sites.name }).from(sites).orderBy(asc(sites.createdAt)).all();
    const targets = values.all ? known : values.site!.map((id) => known.find((site) => site.id === id) ?? { id, name: '' });
    const summary: Array<{ site: string; name: string; result?: PublishResult; error?: string }> = [];
    for (const target of targets) {
      if (!target.name) {
        summary.push({ site: target.id, name: '', error: 'no such site' });
        continue;
      }
      console.error(`Publishing ${target.name} (${target.id})`);
      const bar = createProgressBar();
      try {
        const { result } = await publishAndSweep(await publishableDraft(db, await loadSiteDraft(db, target.id)), {
          storage,
          renderer,
          siteOrigin: config.siteOrigin,
          siteDomain: config.siteDomain,
          onProgress: bar.update,
          lease,
        });
        bar.end();
        await recordPublished(db, target.id, result);
        summary.push({ site: target.id, name: target.name, result });
      } catch (error) {
        bar.end();
        summary.push({ site: target.id, name: target.name, error: error instanceof Error ? error.message : String(error) });
      }
    }
    console.log('\nsite                                  version  changed  files  written  images made  time');
    for (const row of summary) {
      if (row.result) {
        const r = row.result;
        console.log(
          `${row.site.padEnd(38)}${String(r.version).padStart(7)}  ${(r.changed ? 'yes' : 'no').padEnd(7)}${String(r.files).padStart(6)}${String(r.written).padStart(9)}${String(r.imagesMade).padStart(13)}  ${(r.durationMs / 1000).toFixed(1)} s`,
        );
      } else {
        console.log(`${row.site.padEnd(38)}  failed: ${row.error}`);
      }
    }
    const failed = summary.filter((row) => row.error).length;
    console.log(`\n${summary.length - failed} published, ${failed} failed`);
    await closeDatabase(db);
    return failed ? 1 : 0;
  },
};
