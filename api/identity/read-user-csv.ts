import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import Papa from 'papaparse';
import { MAX_IMPORT_ROWS } from '../../model/constants.ts';
import { AppError } from '../http/errors.ts';

/** One data row of the file: its cells by column, and the CSV reader's own complaints about it (English only). */
export type CsvRow = { cells: Record<string, string>; readerErrors: string[] };

/** The header's column names (trimmed) and the data rows, at most MAX_IMPORT_ROWS of them. */
export type UserCsv = { columns: string[]; rows: CsvRow[] };

const notCsv = () => new AppError('unsupported_media', 'csvOnly');

/** The file's text a chunk at a time; a byte sequence that is not UTF-8, or a NUL, refuses it as not a CSV file. */
async function* textOf(path: string): AsyncGenerator<string> {
  // Not `ignoreBOM`: the decoder drops the BOM Excel writes (and the template has).
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const decode = (chunk?: Buffer) => {
    try {
      const text = chunk ? decoder.decode(chunk, { stream: true }) : decoder.decode();
      if (text.includes('\u0000')) throw notCsv();
      return text;
    } catch {
      throw notCsv();
    }
  };
  for await (const chunk of createReadStream(path, { highWaterMark: 64 * 1024 })) yield decode(chunk as Buffer);
  yield decode();
}

/**
 * Reads a users CSV as it streams from disk, a row at a time: the file is at most 5 MB, but
 * 5 MB of `a,b` lines are a million rows, and holding them (then a failure object each) took
 * 2.9 GB and two minutes of the one event loop. Once past MAX_IMPORT_ROWS data rows, reading stops
 * and the file is refused with `csvTooManyRows`: the rest is never read, so a file answers in the
 * time of its first rows, whatever its length.
 */
export function readUserCsv(path: string): Promise<UserCsv> {
  const columns: string[] = [];
  const rows: CsvRow[] = [];
  const input = Readable.from(textOf(path));
  return new Promise<UserCsv>((resolve, reject) => {
    const stop = (error: AppError) => {
      input.destroy();
      reject(error);
    };
    Papa.parse<Record<string, string>>(input, {
      header: true,
      skipEmptyLines: 'greedy',
      transformHeader: (header) => {
        const column = header.trim();
        columns.push(column);
        return column;
      },
      step: (result, parser) => {
        if (rows.length === MAX_IMPORT_ROWS) {
          // Refused before the abort, which calls `complete` (a settled promise ignores that resolve).
          stop(new AppError('validation', 'csvTooManyRows', { values: { max: MAX_IMPORT_ROWS } }));
          parser.abort();
          return;
        }
        rows.push({ cells: result.data, readerErrors: result.errors.map((error) => error.message) });
      },
      complete: () => resolve({ columns, rows }),
      error: (error: Error) => stop(error instanceof AppError ? error : notCsv()),
    });
  });
}
