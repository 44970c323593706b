import type { AsyncDatabase, Engine } from './async-database.ts';
import * as coreSchema from './schema.ts';
import * as identitySchema from './schema-identity.ts';
import * as visitorSchema from './schema-visitor.ts';
import * as accessSchema from './schema-access.ts';
import * as analyticsSchema from './schema-analytics.ts';
import * as announcementSchema from './schema-announcements.ts';
import * as sharingSchema from './schema-sharing.ts';
import * as billingSchema from './schema-billing.ts';

export const schema = { ...coreSchema, ...identitySchema, ...visitorSchema, ...accessSchema, ...sharingSchema, ...announcementSchema, ...analyticsSchema, ...billingSchema };

/** What both the database and one of its transactions offer: a function that only queries takes this, so it runs inside a caller's transaction too. */
export type Queries = AsyncDatabase<typeof schema>;

/** The database handle: queries, transactions, and the engine that runs them. */
export type Db = Queries & { readonly $engine: Engine };
