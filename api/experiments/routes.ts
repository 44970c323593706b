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
  route(app, contracts.listPageVariants, ({ site, params, query }) => ({ variants: listPageVariants(db, site, params.pageId, languageOf(query.lang, site)) }));
  route(app, contracts.createPageVariant, ({ site, params, query, body }) => createPageVariant(db, site, params.pageId, body, languageOf(query.lang, site)));
  route(app, contracts.writePageVariant, ({ site, params, query, body }) => writePageVariant(db, site, params.pageId, params.key, languageOf(query.lang, site), body));
  route(app, contracts.deletePageVariant, ({ site, params }) => {
    deletePageVariant(db, site, params.pageId, params.key);
    return { deleted: true as const };
  });
  route(app, contracts.getExperiment, ({ site }) => getExperimentState(db, site.id));
  route(app, contracts.saveExperiment, ({ site, body }) => saveExperiment(db, site.id, body));
  route(app, contracts.startExperiment, ({ site }) => startExperiment(db, storage, site.id, now()));
  route(app, contracts.stopExperiment, ({ site }) => stopExperiment(db, storage, site.id, now()));
  route(app, contracts.experimentResults, ({ site }) => readExperimentResults(db, site.id, deps.counts));
  return app;
}
