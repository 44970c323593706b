import { randomUUID } from 'node:crypto';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formEntries } from '../db/schema-visitor.ts';
import { createTestContext, type TestContext } from '../test-support.ts';
import { CSV_CHUNK_ROWS } from './csv-export.ts';
import { FORMS, publishedSiteWithForms, registerMember, sendEntry } from './owner-data-test-support.ts';

let ctx: TestContext;
let siteId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  siteId = await publishedSiteWithForms(ctx);
});

afterAll(async () => {
  await ctx.cleanup();
});

/** The export's bytes as text (the BOM kept) and its rows as papaparse reads them back. */
async function exported(path: string): Promise<{ response: Response; text: string; rows: string[][] }> {
  const response = await ctx.request(path);
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer());
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  return { response, text, rows: parsed.data };
}

describe('CSV export of what a site collected', () => {
  it('exports contact entries with a BOM, headers in the asked language and the values as stored, Japanese, commas, quotes and line breaks included', async () => {
    const data = { email: 'guest@example.com', name: '佐藤 "はな", 子', interests: ['A', 'B'], message: '一行目\n二行目' };
    const id = await sendEntry(ctx, siteId, 'contact', data);
    const { response, text, rows } = await exported(`/api/site-contact/${siteId}/export-csv?lang=jp`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="contacts-[\w-]+-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(rows[0]).toEqual(['ID', '受信日時', '言語', 'メール', 'お名前', '興味', 'ご用件']);
    const row = rows.find((cells) => cells[0] === id)!;
    expect(row.slice(2)).toEqual(['jp', data.email, data.name, 'A, B', data.message]);
    const stored = (await ctx.db.select().from(formEntries).all()).find((entry) => entry.id === id)!;
    expect(row[1]).toBe(stored.createdAt.toISOString());

    const english = await exported(`/api/site-contact/${siteId}/export-csv?lang=en`);
    expect(english.rows[0]!.slice(0, 3)).toEqual(['ID', 'Received at', 'Language']);
  });

  it('exports members with their profile and never a password, the default language’s headers when none is asked', async () => {
    const memberId = await registerMember(ctx, siteId, 'member-csv@example.com', { nickname: 'ゆき' });
    const { text, rows } = await exported(`/api/site-member/${siteId}/export-csv`);
    expect(rows[0]).toEqual(['ID', '登録日時', '言語', 'メールアドレス', 'ニックネーム']);
    expect(rows.find((cells) => cells[0] === memberId)!.slice(2)).toEqual(['jp', 'member-csv@example.com', 'ゆき']);
    expect(text).not.toMatch(/Member#Pass1|\$argon|\$scrypt/);
  });

  it('exports the rows the list’s filter keeps, and refuses a language the site does not offer', async () => {
    await sendEntry(ctx, siteId, 'homepage', { email: 'a@example.com', companyName: '東京商事', people: 2 });
    await sendEntry(ctx, siteId, 'homepage', { email: 'b@example.com', companyName: 'Osaka Trading', people: -5 });
    const { rows } = await exported(`/api/site-form/${siteId}/export-csv?q=${encodeURIComponent('東京')}`);
    expect(rows.slice(1).map((cells) => cells.slice(3))).toEqual([['a@example.com', '東京商事', '2']]);
    // A plain negative number stays a number; only cells a spreadsheet would run are escaped.
    const all = await exported(`/api/site-form/${siteId}/export-csv`);
    expect(all.rows.find((cells) => cells[3] === 'b@example.com')!.at(-1)).toBe('-5');
    const refused = await ctx.request(`/api/site-form/${siteId}/export-csv?lang=kr`);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { key: string }).key).toBe('languageNotOffered');
  });

  it('prefixes a cell a spreadsheet would run as a formula with an apostrophe', async () => {
    const id = await sendEntry(ctx, siteId, 'contact', { email: 'formula@example.com', name: '=HYPERLINK("http://evil.example","x")', message: '@SUM(1)' });
    const { rows } = await exported(`/api/site-contact/${siteId}/export-csv`);
    const row = rows.find((cells) => cells[0] === id)!;
    expect(row[4]).toBe(`'=HYPERLINK("http://evil.example","x")`);
    expect(row[6]).toBe(`'@SUM(1)`);
  });

  it('prefixes a visitor’s fullwidth or small formula start in the owner’s download', async () => {
    const name = '\uFF1D1+1';
    const message = '\uFE66SUM(1)';
    const id = await sendEntry(ctx, siteId, 'contact', { email: 'fullwidth@example.com', name, message });
    const { rows } = await exported(`/api/site-contact/${siteId}/export-csv`);
    const row = rows.find((cells) => cells[0] === id)!;
    expect([row[4], row[6]]).toEqual([`'${name}`, `'${message}`]);
  });

  it('streams more rows than one chunk, each once and newest first, and the database takes writes between chunks', async () => {
    const bulkSite = await publishedSiteWithForms(ctx);
    const count = CSV_CHUNK_ROWS * 2 + 7;
    const start = Date.parse('2026-01-01T00:00:00Z');
    // Pairs share a millisecond, so the cursor's tie-break on the id is exercised at chunk edges.
    const rows = Array.from({ length: count }, (_, index) => ({
      id: randomUUID(),
      siteId: bulkSite,
      formType: 'HOMEPAGE_SETTING',
      lang: 'jp',
      data: { email: `bulk-${index}@example.com`, companyName: `会社${index}` },
      createdAt: new Date(start + Math.floor(index / 2) * 1000),
    }));
    await ctx.db.transaction(async (tx) => {
      for (const row of rows) await tx.insert(formEntries).values(row).run();
    });
    const response = await ctx.request(`/api/site-form/${bulkSite}/export-csv`);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    let reads = 0;
    for (let part = await reader.read(); !part.done; part = await reader.read()) {
      text += decoder.decode(part.value, { stream: true });
      reads++;
      // Between two chunks a visitor's form entry is written on the one connection: no statement is left open,
      // since better-sqlite3 refuses every write while an iterator is ("This database connection is busy").
      if (reads === 2) {
        await sendEntry(ctx, siteId, 'contact', { email: 'between@example.com', name: '途中' });
        expect((await ctx.request(`/api/site-form/${bulkSite}?pageSize=1`)).status).toBe(200);
      }
    }
    expect(reads).toBeGreaterThanOrEqual(3);
    const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data.slice(1);
    expect(parsed).toHaveLength(count);
    const expected = [...rows].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1)).map((row) => row.id);
    expect(parsed.map((cells) => cells[0])).toEqual(expected);
  });

  it('keeps a field the owner removed from the form after entries came in, in the list, the detail and the CSV', async () => {
    const editedSite = await publishedSiteWithForms(ctx);
    const id = await sendEntry(ctx, editedSite, 'contact', { email: 'before@example.com', name: '前田', message: '古い項目' });
    const fewer = FORMS.CONTACT_SETTING.filter((field) => !('value' in field && field.value === 'message'));
    expect((await ctx.request(`/api/site/${editedSite}?lang=jp`, { method: 'PUT', json: { forms: { ...FORMS, CONTACT_SETTING: fewer } } })).status).toBe(200);
    const list = (await (await ctx.request(`/api/site-contact/${editedSite}`)).json()) as { columns: { key: string; title: string }[] };
    expect(list.columns).toEqual([
      { key: 'email', title: 'メール' },
      { key: 'name', title: 'お名前' },
      { key: 'interests', title: '興味' },
      { key: 'message', title: 'message' },
    ]);
    const detail = (await (await ctx.request(`/api/site-contact/${editedSite}/entry/${id}`)).json()) as { columns: { key: string }[] };
    expect(detail.columns.map((column) => column.key)).toContain('message');
    const { rows } = await exported(`/api/site-contact/${editedSite}/export-csv`);
    expect(rows[0]!.slice(3)).toEqual(['メール', 'お名前', '興味', 'message']);
    expect(rows[1]!.slice(3)).toEqual(['before@example.com', '前田', '', '古い項目']);
  });
});
