import Papa from 'papaparse';

/** A byte order mark: Excel reads a CSV without one in the system's code page, and Japanese turns to mojibake. */
const BOM = '\uFEFF';

/**
 * A cell a spreadsheet would run as a formula (OWASP "CSV injection"): it is prefixed with an
 * apostrophe. Every cell of every download goes through this one rule, because every download
 * carries text someone else typed (a site's name, a visitor's answer). The starts are the ASCII
 * `= + - @`, their fullwidth forms (`＝＋－＠`, what a Japanese IME types, and Excel and Sheets
 * take `＝1+1` as a formula), their small forms (`﹦﹢﹣﹫`) and the minus sign `−`, after any
 * spaces (a spreadsheet may trim them, the ideographic space too); and any tab, CR or LF first.
 * A plain number (`-5`) is left alone: it is a value, not a formula.
 */
const FORMULA_START = /^(?!-?\d+(?:\.\d+)?$)\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20\uFE66\uFE62\uFE63\uFE6B\u2212]|^[\t\r\n]/;

/** Rows as CSV text, each ended by CRLF (RFC 4180), quoted where needed, formulas disarmed. */
export function csvLines(rows: readonly (readonly unknown[])[]): string {
  if (rows.length === 0) return '';
  return `${Papa.unparse(
    rows.map((row) => [...row]),
    { escapeFormulae: FORMULA_START, newline: '\r\n' },
  )}\r\n`;
}

/** How a download reads its rows: a page at a time, each page after the last row of the one before. */
export type CsvSource<Row> = {
  header: readonly string[];
  /** The rows after `after` (null: from the first), at most `limit`, in the download's order. */
  page: (after: Row | null, limit: number) => Promise<readonly Row[]>;
  cells: (row: Row) => readonly unknown[];
  pageSize: number;
};

/**
 * A CSV file streamed a page of rows per pull: UTF-8 with a BOM, the header first. A page is
 * one statement run to its end inside one pull, never a cursor held open across the stream's
 * pauses: a slow download must not hold SQLite's one connection or a pooled PostgreSQL one.
 * One page waits in the queue at most, so memory holds one page whatever the number of rows.
 */
export function csvStream<Row>(source: CsvSource<Row>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let last: Row | null = null;
  let started = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(BOM + csvLines([source.header])));
          return;
        }
        const rows = await source.page(last, source.pageSize);
        if (rows.length > 0) {
          controller.enqueue(encoder.encode(csvLines(rows.map(source.cells))));
          last = rows.at(-1) ?? null;
        }
        if (rows.length < source.pageSize) controller.close();
      },
    },
    { highWaterMark: 1 },
  );
}

/** The download's response: never cached (it holds people's data), saved under `fileName`. */
export function csvResponse(stream: ReadableStream<Uint8Array>, fileName: string): Response {
  return new Response(stream, {
    headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${fileName}"`, 'cache-control': 'no-store' },
  });
}
