import { is } from 'drizzle-orm';
import { SQLiteTable } from 'drizzle-orm/sqlite-core';
import * as coreSchema from './schema.ts';
import * as accessSchema from './schema-access.ts';
import * as analyticsSchema from './schema-analytics.ts';
import * as announcementSchema from './schema-announcements.ts';
import * as billingSchema from './schema-billing.ts';
import * as experimentSchema from './schema-experiments.ts';
import * as identitySchema from './schema-identity.ts';
import * as sharingSchema from './schema-sharing.ts';
import * as visitorSchema from './schema-visitor.ts';

const modules = [coreSchema, accessSchema, analyticsSchema, announcementSchema, billingSchema, experimentSchema, identitySchema, sharingSchema, visitorSchema];

/** Every table of api/db/schema*.ts by its export name: the PostgreSQL twin (scripts/pg-schema.ts) and its parity test walk these. */
export const sqliteTables: Record<string, SQLiteTable> = Object.fromEntries(
  modules.flatMap((module) => Object.entries(module).filter((entry): entry is [string, SQLiteTable] => is(entry[1], SQLiteTable))),
);
