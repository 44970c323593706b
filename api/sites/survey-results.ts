import Papa from 'papaparse';
import type { Language } from '../../model/language.ts';
import { surveyResponseInputSchema, type Survey } from '../../model/survey.ts';
import { summarizeSurvey, surveyCsvHeader, surveyCsvRow, type SurveySummary } from '../../model/survey-summary.ts';
import type { Db } from '../db/open-database.ts';

type ResponseRow = { id: string; email: string; answers: string; points: number; createdAt: number };

const COLUMNS = 'id, email, answers, points, created_at AS createdAt';

/** A survey's responses newest first, one row at a time (synchronously: the connection is free again once the loop ends). */
function eachResponse(db: Db, surveyId: string): IterableIterator<ResponseRow> {
  return db.$client.prepare<[string], ResponseRow>(`SELECT ${COLUMNS} FROM survey_responses WHERE survey_id = ? ORDER BY created_at DESC, id DESC`).iterate(surveyId);
}

/**
 * The page of responses after `after` (newest first). A download is read a page at a time by
 * its last key, never through a cursor held open across the stream's pauses: better-sqlite3 has
 * one connection, and an open cursor would make every other request on it fail as busy.
 */
function responsePage(db: Db, surveyId: string, after: ResponseRow | null, limit: number): ResponseRow[] {
  if (!after) return db.$client.prepare<[string, number], ResponseRow>(`SELECT ${COLUMNS} FROM survey_responses WHERE survey_id = ? ORDER BY created_at DESC, id DESC LIMIT ?`).all(surveyId, limit);
  return db.$client
    .prepare<[string, number, number, string, number], ResponseRow>(
      `SELECT ${COLUMNS} FROM survey_responses WHERE survey_id = ? AND (created_at < ? OR (created_at = ? AND id < ?)) ORDER BY created_at DESC, id DESC LIMIT ?`,
    )
    .all(surveyId, after.createdAt, after.createdAt, after.id, limit);
}

const answersOf = (row: ResponseRow) => surveyResponseInputSchema.shape.answers.parse(JSON.parse(row.answers));

/** Per question: counts per option, average points, latest text answers (model/survey-summary.ts). */
export function summarizeSurveyResponses(db: Db, survey: Survey): SurveySummary {
  const summary = summarizeSurvey(survey);
  for (const row of eachResponse(db, survey.id)) summary.add(answersOf(row), row.points);
  return summary.result();
}

/** Rows per chunk of the stream. */
const ROWS_PER_CHUNK = 200;

/**
 * The responses as a CSV download, UTF-8 with a byte-order mark so that Excel reads Japanese,
 * streamed a page of rows at a time (papaparse quotes each row).
 */
export function surveyCsvResponse(db: Db, survey: Survey, lang: Language): Response {
  const line = (cells: string[]) => `${Papa.unparse([cells], { newline: '\r\n' })}\r\n`;
  const encoder = new TextEncoder();
  let last: ResponseRow | null = null;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`\uFEFF${line(surveyCsvHeader(survey, lang))}`));
    },
    pull(controller) {
      const rows = responsePage(db, survey.id, last, ROWS_PER_CHUNK);
      if (rows.length === 0) {
        controller.close();
        return;
      }
      last = rows.at(-1)!;
      controller.enqueue(
        encoder.encode(rows.map((row) => line(surveyCsvRow(survey, { createdAt: new Date(row.createdAt).toISOString(), email: row.email, points: row.points, answers: answersOf(row) }))).join('')),
      );
    },
  });
  const name = `survey-${survey.id}.csv`;
  return new Response(stream, { headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${name}"`, 'cache-control': 'no-store' } });
}
