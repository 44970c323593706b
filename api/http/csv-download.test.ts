import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { csvLines, csvStream } from './csv-download.ts';

/** The bytes as text with the byte order mark kept (Response.text() drops it). */
async function text(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(await new Response(stream).arrayBuffer());
}

describe('csvLines', () => {
  it('disarms a cell a spreadsheet would run as a formula and leaves plain numbers as values', () => {
    const line = csvLines([['=HYPERLINK("http://x")', '+1', '@SUM(A1)', '-5', '-2.5', '-x', 'plain']]);
    expect(Papa.parse<string[]>(line.trim()).data[0]).toEqual(['\'=HYPERLINK("http://x")', "'+1", "'@SUM(A1)", '-5', '-2.5', "'-x", 'plain']);
  });

  it.each([
    ['fullwidth equals', '\uFF1D1+1'],
    ['fullwidth plus', '\uFF0B1+1'],
    ['fullwidth minus', '\uFF0D1+1'],
    ['fullwidth at', '\uFF20SUM(A1)'],
    ['small equals', '\uFE661+1'],
    ['small plus', '\uFE621+1'],
    ['small minus', '\uFE631+1'],
    ['small at', '\uFE6BSUM(A1)'],
    ['minus sign', '\u22121+1'],
    ['leading tab', '\t=1+1'],
    ['leading carriage return', '\r=1+1'],
    ['leading line feed', '\n=1+1'],
    ['spaces before equals', '  =1+1'],
    ['ideographic space before fullwidth equals', '\u3000\uFF1D1+1'],
  ])('disarms a cell starting with a %s, which a spreadsheet may run as a formula', (_, cell) => {
    expect(Papa.parse<string[]>(csvLines([[cell, 'plain']]).replace(/\r\n$/, ''), { newline: '\r\n' }).data[0]).toEqual([`'${cell}`, 'plain']);
  });

  it('leaves fullwidth text that is not a formula start as it is', () => {
    expect(Papa.parse<string[]>(csvLines([['１２３', 'Ａ＝Ｂ', '＄5']]).trim()).data[0]).toEqual(['１２３', 'Ａ＝Ｂ', '＄5']);
  });

  it('quotes commas, quotes and line breaks and ends every row with CRLF', () => {
    const line = csvLines([
      ['a,b', 'say "hi"', 'two\nlines'],
      ['日本語', '', '3'],
    ]);
    expect(line.endsWith('\r\n')).toBe(true);
    expect(Papa.parse<string[]>(line.trim(), { newline: '\r\n' }).data).toEqual([
      ['a,b', 'say "hi"', 'two\nlines'],
      ['日本語', '', '3'],
    ]);
  });
});

describe('csvStream', () => {
  const rows = Array.from({ length: 7 }, (_, index) => ({ id: index, name: `row ${index}` }));
  const source = (pageSize: number, seen: (number | null)[]) =>
    csvStream({
      header: ['id', '名前'],
      page: async (after: { id: number } | null, limit: number) => {
        seen.push(after?.id ?? null);
        const start = after === null ? 0 : after.id + 1;
        return rows.slice(start, start + limit);
      },
      cells: (row) => [row.id, row.name],
      pageSize,
    });

  it('starts with a byte order mark and the header, then every row once, in order, across pages', async () => {
    const seen: (number | null)[] = [];
    const body = await text(source(3, seen));
    expect(body.startsWith('\uFEFFid,名前\r\n')).toBe(true);
    const parsed = Papa.parse<string[]>(body.slice(1).trim(), { newline: '\r\n' }).data;
    expect(parsed.slice(1)).toEqual(rows.map((row) => [String(row.id), row.name]));
    // Each page starts after the last row of the page before; a short page ends the file.
    expect(seen).toEqual([null, 2, 5]);
  });

  it('asks once more when the last page was exactly full, and writes only the header for no rows', async () => {
    const seen: (number | null)[] = [];
    await text(source(7, seen));
    expect(seen).toEqual([null, 6]);
    const empty = csvStream({ header: ['a'], page: async () => [], cells: () => [], pageSize: 10 });
    expect(await text(empty)).toBe('\uFEFFa\r\n');
  });
});
