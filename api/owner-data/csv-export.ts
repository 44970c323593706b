import { sql } from 'drizzle-orm';
import type { Language } from '../../model/language.ts';
import type { MessageKey } from '../../model/messages/keys.ts';
import { messageText } from '../../model/messages/text.ts';
import type { OwnerDataColumn, OwnerDataFilter, StoredValue } from '../../model/owner-data.ts';
import type { Db } from '../db/open-database.ts';
import { type CsvSource, csvStream } from '../http/csv-download.ts';
import type { SiteRow } from '../sites/find-site.ts';
import { columnsOfFilter } from './owner-data-columns.ts';
import { NEWEST_FIRST } from './list-owner-data.ts';
import { parseStoredRow, type StoredRow } from './owner-data-rows.ts';
import { filterWhere, selectColumns, tableOf, type OwnerDataKind } from './owner-data-source.ts';

/** Rows read per statement: each chunk's statement finishes before the stream yields (see `exportCsv`). */
export const CSV_CHUNK_ROWS = 500;

const FIXED_HEADERS: Readonly<Record<OwnerDataKind, readonly MessageKey[]>> = {
  members: ['csvColumnId', 'csvColumnRegisteredAt', 'csvColumnLanguage', 'csvColumnEmail'],
  contacts: ['csvColumnId', 'csvColumnReceivedAt', 'csvColumnLanguage'],
  forms: ['csvColumnId', 'csvColumnReceivedAt', 'csvColumnLanguage'],
};

/** A value as one cell: options ticked are joined by a comma and a space, as the owner's email lists them. */
function cell(value: StoredValue | undefined): string {
  if (value === undefined) return '';
  return Array.isArray(value) ? value.join(', ') : String(value);
}

function cellsOf(kind: OwnerDataKind, row: StoredRow, columns: readonly OwnerDataColumn[]): string[] {
  const fixed = [row.id, new Date(row.created_at).toISOString(), row.lang];
  if (kind === 'members') fixed.push(row.email ?? '');
  return [...fixed, ...columns.map((column) => cell(row.values[column.key]))];
}

/** The header row: the fixed columns in `lang`, then the form's field titles as the owner wrote them. */
export function csvHeader(kind: OwnerDataKind, columns: readonly OwnerDataColumn[], lang: Language): string[] {
  return [...FIXED_HEADERS[kind].map((key) => messageText(key, lang)), ...columns.map((column) => column.title)];
}

/**
 * The rows a filter keeps as a CSV stream, newest first, a chunk of rows per statement, each
 * chunk after the last row sent (created_at, id) (see `csvStream` for why).
 */
export async function exportCsv(db: Db, site: SiteRow, kind: OwnerDataKind, filter: OwnerDataFilter, lang: Language): Promise<ReadableStream<Uint8Array>> {
  const columns = await columnsOfFilter(db, site, kind, filter);
  const where = filterWhere(kind, site.id, filter);
  const source: CsvSource<StoredRow> = {
    header: csvHeader(kind, columns, lang),
    // The first chunk starts at the newest row; each next one after the last row sent.
    page: async (after, limit) =>
      (
        await db.all<unknown>(
          sql`SELECT ${sql.raw(selectColumns(kind))} FROM ${sql.raw(tableOf(kind))} WHERE ${where}${after ? sql` AND (created_at, id) < (${new Date(after.created_at)}, ${after.id})` : sql``} ${sql.raw(NEWEST_FIRST)} LIMIT ${limit}`,
        )
      ).map(parseStoredRow),
    cells: (row) => cellsOf(kind, row, columns),
    pageSize: CSV_CHUNK_ROWS,
  };
  return csvStream(source);
}
