import { Hono } from 'hono';
import { experimentContracts as contracts } from '../../model/contracts/experiments.ts';
import type { Storage } from '../../storage/storage.ts';
import type { Db } from '../db/open-database.ts';
import type { AppEnv } from '../http/env.ts';
import { route } from '../http/route.ts';
import { languageOf } from '../sites/site-routes.ts';
import { createPageVariant, deletePageVariant, listPageVariants, writePageVariant } from './page-variants.ts';
import { type ExperimentCounts, getExperimentState, readExperimentResults, saveExperiment, startExperiment, stopExperiment } from './site-experiment.ts';

/**
 * Page variations (A/B) for the site's editors. `counts` supplies each arm's visitors and
 * conversions for the results (the analytics rollups); `now` is the clock of start and stop.
 */
export function experimentRoutes(deps: { db: Db; storage: Storage; counts: ExperimentCounts; now?: () => Date }) {
  const { db, storage } = deps;
  const now = () => deps.now?.() ?? new Date();
  const app = new Hono<AppEnv>();
  route(app, contracts.listPageVariants, async ({ site, params, query }) => ({ variants: await listPageVariants(db, site, params.pageId, languageOf(query.lang, site)) }));
  route(app, contracts.createPageVariant, async ({ site, params, query, body }) => await createPageVariant(db, site, params.pageId, body, languageOf(query.lang, site)));
  route(app, contracts.writePageVariant, async ({ site, params, query, body }) => await writePageVariant(db, site, params.pageId, params.key, languageOf(query.lang, site), body));
  route(app, contracts.deletePageVariant, async ({ site, params }) => {
    await deletePageVariant(db, site, params.pageId, params.key);
    return { deleted: true as const };
  });
  route(app, contracts.getExperiment, async ({ site }) => await getExperimentState(db, site.id));
  route(app, contracts.saveExperiment, async ({ site, body }) => await saveExperiment(db, site.id, body));
  route(app, contracts.startExperiment, async ({ site }) => await startExperiment(db, storage, site.id, now()));
  route(app, contracts.stopExperiment, async ({ site }) => await stopExperiment(db, storage, site.id, now()));
  route(app, contracts.experimentResults, async ({ site }) => await readExperimentResults(db, site.id, deps.counts));
  return app;
}
