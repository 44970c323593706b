import { type SQL, sql } from 'drizzle-orm';
import type { Language } from '../../model/language.ts';
import { siteStatusSchema } from '../../model/site.ts';
import { SITE_CSV_COLUMNS, SITE_CSV_HEADERS, SITE_STATUS_NAMES } from '../../model/site-list-csv.ts';
import { addressSettingsSchema, siteHomeUrl, type SiteHosting } from '../../model/site-address.ts';
import type { Db } from '../db/open-database.ts';
import { csvStream } from '../http/csv-download.ts';
import type { Viewer } from '../identity/account-tree.ts';

/** Rows read per pull: the file streams in pages, and the connection is never held between them. */
const PAGE_SIZE = 500;

type Row = {
  id: string;
  name: string;
  status: string;
  numberHorizontal: number;
  numberVertical: number;
  settings: string;
  liveVersion: number | null;
  publishedAt: number | null;
  createdAt: number;
  updatedAt: number;
  companyName: string;
  email: string;
};

const COLUMNS = sql.raw(`s.id, s.name, s.status, s.number_horizontal AS "numberHorizontal", s.number_vertical AS "numberVertical", s.settings,
  s.live_version AS "liveVersion", s.published_at AS "publishedAt", s.created_at AS "createdAt", s.updated_at AS "updatedAt", a.company_name AS "companyName", a.email`);
const branch = (root: string) => sql`WITH RECURSIVE down(id, depth) AS (
  SELECT id, 0 FROM accounts WHERE id = ${root}
  UNION ALL SELECT a.id, down.depth + 1 FROM accounts a JOIN down ON a.parent_id = down.id WHERE down.depth < 32)`;

/**
 * One page of the viewer's sites after `after`. Keyset paging (newest change first, then id) so
 * a site changed mid-export is neither lost nor repeated within one order. The first page has no
 * condition at all (rather than `… OR $n IS NULL`, a parameter PostgreSQL could not type).
 */
function pageQuery(scopeRootId: string | null, after: Row | null, limit: number): SQL {
  const conditions: SQL[] = [];
  if (scopeRootId !== null) conditions.push(sql`s.owner_id IN (SELECT id FROM down)`);
  if (after) conditions.push(sql`(s.updated_at < ${new Date(after.updatedAt)} OR (s.updated_at = ${new Date(after.updatedAt)} AND s.id > ${after.id}))`);
  const where = conditions.length > 0 ? sql` WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
  const select = sql`SELECT ${COLUMNS} FROM sites s JOIN accounts a ON a.id = s.owner_id${where} ORDER BY s.updated_at DESC, s.id ASC LIMIT ${limit}`;
  return scopeRootId === null ? select : sql`${branch(scopeRootId)} ${select}`;
}

const iso = (ms: number | null) => (ms === null ? '' : new Date(ms).toISOString());

function csvRow(row: Row, lang: Language, hosting: SiteHosting): unknown[] {
  const settings = addressSettingsSchema.parse(JSON.parse(row.settings));
  const status = siteStatusSchema.safeParse(row.status);
  const values: Record<(typeof SITE_CSV_COLUMNS)[number], unknown> = {
    id: row.id,
    name: row.name,
    status: status.success ? SITE_STATUS_NAMES[lang][status.data] : row.status,
    url: siteHomeUrl({ id: row.id, settings }, hosting),
    parentAccount: row.companyName,
    parentEmail: row.email,
    columns: row.numberHorizontal,
    rows: row.numberVertical,
    liveVersion: row.liveVersion ?? '',
    publishedAt: iso(row.publishedAt),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
  return SITE_CSV_COLUMNS.map((column) => values[column]);
}

/**
 * The viewer's site list as a CSV file, streamed a page of rows at a time: UTF-8 with a BOM so
 * spreadsheet apps read Japanese right, headers and status names in `lang`, with each site's
 * address and parent account.
 */
export function exportSitesCsv(db: Db, viewer: Viewer, lang: Language, hosting: SiteHosting, pageSize = PAGE_SIZE): ReadableStream<Uint8Array> {
  return csvStream<Row>({
    header: SITE_CSV_COLUMNS.map((column) => SITE_CSV_HEADERS[lang][column]),
    page: async (after, limit) => await db.all<Row>(pageQuery(viewer.scopeRootId, after, limit)),
    cells: (row) => csvRow(row, lang, hosting),
    pageSize,
  });
}
