import Papa from 'papaparse';
import type { Language } from '../../model/language.ts';
import type { MessageKey } from '../../model/messages/keys.ts';
import { messageText } from '../../model/messages/text.ts';
import type { OwnerDataColumn, OwnerDataFilter, StoredValue } from '../../model/owner-data.ts';
import type { Db } from '../db/open-database.ts';
import type { SiteRow } from '../sites/find-site.ts';
import { columnsOfFilter } from './owner-data-columns.ts';
import { NEWEST_FIRST } from './list-owner-data.ts';
import { parseStoredRow, type StoredRow } from './owner-data-rows.ts';
import { filterWhere, selectColumns, tableOf, type OwnerDataKind } from './owner-data-source.ts';

/** Rows read per statement: each chunk's statement finishes before the stream yields (see `exportCsv`). */
export const CSV_CHUNK_ROWS = 500;

/** A byte order mark: Excel reads a CSV without one in the system's code page, and Japanese turns to mojibake. */
const BOM = '\uFEFF';

/**
 * A cell a spreadsheet would run as a formula (OWASP "CSV injection"): it is prefixed with an
 * apostrophe. A plain number (`-5`, a NUMBER field) is left alone: it is a value, not a formula.
 */
const FORMULA_START = /^(?!-?\d+(?:\.\d+)?$)[=+\-@\t\r]/;

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

function csvLines(rows: readonly (readonly string[])[]): string {
  return `${Papa.unparse(
    rows.map((row) => [...row]),
    { escapeFormulae: FORMULA_START, newline: '\r\n' },
  )}\r\n`;
}

/** The header row: the fixed columns in `lang`, then the form's field titles as the owner wrote them. */
export function csvHeader(kind: OwnerDataKind, columns: readonly OwnerDataColumn[], lang: Language): string[] {
  return [...FIXED_HEADERS[kind].map((key) => messageText(key, lang)), ...columns.map((column) => column.title)];
}

/**
 * The rows a filter keeps as a CSV stream, newest first, read from the database a chunk at a
 * time. Each chunk is one statement iterated to its end inside one `pull`, then the next chunk
 * starts after the last row sent (created_at, id): while an iterator is open, better-sqlite3
 * refuses every write on its connection ("busy executing a query"), and the one connection
 * serves every other request between pulls: a visitor's form entry must not fail because an
 * owner's download is slow. Memory holds one chunk, whatever the number of rows.
 */
export function exportCsv(db: Db, site: SiteRow, kind: OwnerDataKind, filter: OwnerDataFilter, lang: Language): ReadableStream<Uint8Array> {
  const columns = columnsOfFilter(db, site, kind, filter);
  const where = filterWhere(kind, site.id, filter);
  const statement = db.$client.prepare(`SELECT ${selectColumns(kind)} FROM ${tableOf(kind)} WHERE ${where.sql} AND (created_at, id) < (?, ?) ${NEWEST_FIRST} LIMIT ${CSV_CHUNK_ROWS}`);
  const encoder = new TextEncoder();
  // Before the newest row: every row is older than the end of time.
  let after = { createdAt: Number.MAX_SAFE_INTEGER, id: '' };
  let started = false;
  return new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(BOM + csvLines([csvHeader(kind, columns, lang)])));
          return;
        }
        const cells: string[][] = [];
        for (const raw of statement.iterate(...where.params, after.createdAt, after.id)) {
          const row = parseStoredRow(raw);
          cells.push(cellsOf(kind, row, columns));
          after = { createdAt: row.created_at, id: row.id };
        }
        if (cells.length > 0) controller.enqueue(encoder.encode(csvLines(cells)));
        if (cells.length < CSV_CHUNK_ROWS) controller.close();
      },
    },
    // One chunk waits in the queue at most: a slow download holds back the reading.
    { highWaterMark: 1 },
  );
}
