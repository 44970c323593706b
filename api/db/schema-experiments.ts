import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { pages, sites } from './schema.ts';
import { currentTime } from './dialect-sql.ts';

/**
 * Page variations (A/B, model/ab/experiment.ts): a page's variants, which override parts of its
 * content, and the site's one experiment, which splits visitors between the control and the variant keys.
 */

export const pageVariants = sqliteTable(
  'page_variants',
  {
    id: text('id').primaryKey(),
    siteId: text('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    pageId: text('page_id')
      .notNull()
      .references(() => pages.id, { onDelete: 'cascade' }),
    /** B … Z: the arm of the site's experiment this variant belongs to. */
    key: text('key').notNull(),
    /** pageContentSchema in the site's default language; only the parts of VARIANT_PARTS are published. */
    content: text('content', { mode: 'json' }).notNull(),
    translations: text('translations', { mode: 'json' }).notNull().default(sql`'{}'`),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(currentTime),
  },
  (table) => [uniqueIndex('page_variants_page_key').on(table.pageId, table.key), index('page_variants_site').on(table.siteId)],
);

/** One experiment per site; starting it again after a stop keeps its seed, so returning visitors keep their arm. */
export const experiments = sqliteTable('experiments', {
  id: text('id').primaryKey(),
  siteId: text('site_id')
    .notNull()
    .unique()
    .references(() => sites.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  /** GrowthBook's hash seed: with a visitor's variationId it decides the arm. */
  seed: text('seed').notNull(),
  /** experimentArmSchema[]: control first, weights summing to 1. */
  arms: text('arms', { mode: 'json' }).notNull(),
  coverage: real('coverage').notNull().default(1),
  status: text('status').notNull().default('draft'),
  startedAt: integer('started_at', { mode: 'timestamp_ms' }),
  stoppedAt: integer('stopped_at', { mode: 'timestamp_ms' }),
});

/**
 * What the experiment results count, kept by the analytics fold (api/experiments/fold-exposures.ts):
 * per experiment run (its `started_at`) and visitor (`variation_id`), one row for having been seen
 * (`kind` '') and one per convertible event kind it did, each with the first time it happened, so
 * results answer any conversion setting and the window's end (`stopped_at`) exactly. `arm` is the
 * visitor's arm under the experiment's current split ('' outside its coverage). Derived data:
 * `npm run analytics:rebuild` refolds it; the upsert keeps the earliest time, so folding twice changes nothing.
 */
export const experimentExposures = sqliteTable(
  'experiment_exposures',
  {
    experimentId: text('experiment_id')
      .notNull()
      .references(() => experiments.id, { onDelete: 'cascade' }),
    startedAt: integer('started_at').notNull(),
    variationId: text('variation_id').notNull(),
    kind: text('kind').notNull(),
    siteId: text('site_id').notNull(),
    arm: text('arm').notNull(),
    firstAt: integer('first_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.experimentId, table.startedAt, table.variationId, table.kind] }),
    // Covers the results' aggregate (the key, then arm and time): a third of its time without, measured in bench/experiment.bench.ts.
    index('experiment_exposures_results').on(table.experimentId, table.startedAt, table.variationId, table.kind, table.arm, table.firstAt),
    index('experiment_exposures_site').on(table.siteId),
  ],
);
