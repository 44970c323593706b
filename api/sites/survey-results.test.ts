import { sqlRun } from '../db/test-sql.ts';
import Papa from 'papaparse';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test-support.ts';

let ctx: TestContext;
let siteId: string;

beforeEach(async () => {
  ctx = await createTestContext();
  siteId = (await ctx.createSite({ numberHorizontal: 1, numberVertical: 1 })).id;
  await ctx.publish(siteId);
});

afterEach(async () => {
  await ctx.cleanup();
});

const SURVEY = {
  title: 'お好み',
  questions: [
    { id: 'q3', title: 'ご意見', type: 'TEXT', isRequired: false, orderNum: 3 },
    {
      id: 'q1',
      title: '紅茶かコーヒーか',
      type: 'SINGLE',
      orderNum: 1,
      options: [
        { id: 'tea', value: '紅茶', points: 1 },
        { id: 'coffee', value: 'コーヒー', points: 4 },
      ],
    },
    {
      id: 'q2',
      title: 'Toppings',
      type: 'MULTIPLE',
      isRequired: false,
      orderNum: 2,
      options: [
        { id: 'milk', value: 'Milk, warm', points: 2 },
        { id: 'sugar', value: 'Sugar "cane"', points: 3 },
      ],
    },
  ],
};

async function createSurvey(body: unknown = SURVEY): Promise<string> {
  const response = await ctx.request(`/api/site/${siteId}/survey`, { method: 'POST', json: body });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function respond(surveyId: string, answers: Record<string, string | string[]>, email: string): Promise<void> {
  const response = await ctx.visit(`/api/survey/${surveyId}/response`, { method: 'POST', site: siteId, json: { answers, email }, ip: '192.0.2.61' });
  expect(response.status).toBe(201);
}

describe('a survey’s summary', () => {
  it('counts each option, its share of the answers and the average points, per question in order', async () => {
    const id = await createSurvey();
    await respond(id, { q1: 'coffee', q2: ['milk', 'sugar'], q3: '濃いめで' }, 'a@example.com');
    await respond(id, { q1: 'coffee', q2: ['milk'] }, 'b@example.com');
    await respond(id, { q1: 'tea' }, 'c@example.com');
    await respond(id, { q1: 'tea', q3: 'Less sugar' }, 'd@example.com');
    const response = await ctx.request(`/api/site/${siteId}/survey/${id}/summary`);
    expect(response.status).toBe(200);
    const summary = (await response.json()) as {
      responses: number;
      averagePoints: number;
      questions: { questionId: string; answered: number; averagePoints: number | null; options: { id: string; count: number; percent: number }[]; texts: string[] }[];
    };
    expect(summary.responses).toBe(4);
    // (4+2+3) + (4+2) + 1 + 1 = 17 points over 4 responses.
    expect(summary.averagePoints).toBe(4.25);
    expect(summary.questions.map((question) => question.questionId)).toEqual(['q1', 'q2', 'q3']);
    const [q1, q2, q3] = summary.questions;
    expect(q1).toMatchObject({ answered: 4, averagePoints: 2.5 });
    expect(q1!.options.map(({ id, count, percent }) => [id, count, percent])).toEqual([
      ['tea', 2, 50],
      ['coffee', 2, 50],
    ]);
    expect(q2).toMatchObject({ answered: 2, averagePoints: 3.5 });
    expect(q2!.options.map(({ id, count, percent }) => [id, count, percent])).toEqual([
      ['milk', 2, 100],
      ['sugar', 1, 50],
    ]);
    expect(q3).toMatchObject({ answered: 2, averagePoints: null });
    expect([...q3!.texts].sort()).toEqual(['Less sugar', '濃いめで']);
  });

  it('answers an empty summary for a survey nobody answered, and 404 for another site’s survey', async () => {
    const id = await createSurvey();
    const summary = (await (await ctx.request(`/api/site/${siteId}/survey/${id}/summary`)).json()) as { responses: number; averagePoints: number | null };
    expect(summary).toMatchObject({ responses: 0, averagePoints: null });
    const other = (await ctx.createSite({ numberHorizontal: 1, numberVertical: 1 })).id;
    expect((await ctx.request(`/api/site/${other}/survey/${id}/summary`)).status).toBe(404);
  });
});

describe('a survey’s CSV export', () => {
  it('streams UTF-8 with a BOM, headers in the language asked, choices by their text, and reads back with the same values', async () => {
    const id = await createSurvey();
    await respond(id, { q1: 'coffee', q2: ['milk', 'sugar'], q3: '濃いめで、"熱く"' }, 'a@example.com');
    await respond(id, { q1: 'tea' }, 'b@example.com');
    const response = await ctx.request(`/api/site/${siteId}/survey/${id}/export-csv?lang=en`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toContain('attachment');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    const rows = Papa.parse<string[]>(text.trimEnd(), { newline: '\r\n' }).data;
    expect(rows[0]).toEqual(['Answered at', 'Email', 'Points', '紅茶かコーヒーか', 'Toppings', 'ご意見']);
    // Newest first.
    expect(rows.slice(1).map((row) => row.slice(1))).toEqual([
      ['b@example.com', '1', '紅茶', '', ''],
      ['a@example.com', '9', 'コーヒー', 'Milk, warm / Sugar "cane"', '濃いめで、"熱く"'],
    ]);
    expect(Number.isNaN(Date.parse(rows[1]![0]!))).toBe(false);
  });

  it('keeps a visitor’s answer that reads like a formula as text for a spreadsheet', async () => {
    const id = await createSurvey();
    await respond(id, { q1: 'tea', q3: '=HYPERLINK("http://evil.example","click")' }, 'c@example.com');
    const text = new TextDecoder().decode(new Uint8Array(await (await ctx.request(`/api/site/${siteId}/survey/${id}/export-csv?lang=en`)).arrayBuffer()).slice(3));
    const row = Papa.parse<string[]>(text.trimEnd(), { newline: '\r\n' }).data[1]!;
    expect(row.slice(2)).toEqual(['1', '紅茶', '', '\'=HYPERLINK("http://evil.example","click")']);
  });

  it('writes the headers in Japanese by default and in Korean or Chinese when asked', async () => {
    const id = await createSurvey();
    const header = async (query: string) => {
      const text = new TextDecoder().decode(new Uint8Array(await (await ctx.request(`/api/site/${siteId}/survey/${id}/export-csv${query}`)).arrayBuffer()).slice(3));
      return text.split('\r\n')[0]!.split(',').slice(0, 3);
    };
    expect(await header('')).toEqual(['回答日時', 'メールアドレス', 'ポイント']);
    expect(await header('?lang=ko')).toEqual(['응답 일시', '이메일', '포인트']);
    expect(await header('?lang=cn')).toEqual(['回答时间', '电子邮件', '积分']);
  });

  it('pages through more responses than one chunk holds without keeping the connection busy', async () => {
    const id = await createSurvey();
    const insert = async (...values: unknown[]) =>
      await sqlRun(ctx.db, 'INSERT INTO survey_responses (id, survey_id, site_id, email, answers, points, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)', ...values);
    // 450 responses, some sharing a creation time, so the paging key needs the id too.
    for (let n = 0; n < 450; n += 1) await insert(`r${String(n).padStart(4, '0')}`, id, siteId, `v${n}@example.com`, JSON.stringify({ q1: 'tea' }), 1, new Date(1_700_000_000_000 + Math.floor(n / 3)));
    const response = await ctx.request(`/api/site/${siteId}/survey/${id}/export-csv?lang=en`);
    const reader = response.body!.getReader();
    const first = await reader.read();
    // Between two chunks of the download another request reads the same database.
    expect((await ctx.request(`/api/site/${siteId}/survey/${id}`)).status).toBe(200);
    let text = new TextDecoder().decode(first.value!);
    for (;;) {
      const next = await reader.read();
      if (next.done) break;
      text += new TextDecoder().decode(next.value);
    }
    const emails = Papa.parse<string[]>(text.slice(1).trimEnd(), { newline: '\r\n' })
      .data.slice(1)
      .map((row) => row[1]);
    expect(emails).toHaveLength(450);
    expect(new Set(emails).size).toBe(450);
  });
});
