import type { Language } from '../../model/language.ts';
import { surveyResponseInputSchema, type Survey } from '../../model/survey.ts';
import { summarizeSurvey, surveyCsvHeader, surveyCsvRow, type SurveySummary } from '../../model/survey-summary.ts';
import type { Db } from '../db/open-database.ts';
import { csvResponse, csvStream } from '../http/csv-download.ts';

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
 * The responses as a CSV download, newest first, streamed a page of rows at a time (see
 * `csvStream`): a visitor's answer that reads like a formula stays text in a spreadsheet.
 */
export function surveyCsvResponse(db: Db, survey: Survey, lang: Language): Response {
  const stream = csvStream<ResponseRow>({
    header: surveyCsvHeader(survey, lang),
    page: (after, limit) => responsePage(db, survey.id, after, limit),
    cells: (row) => surveyCsvRow(survey, { createdAt: new Date(row.createdAt).toISOString(), email: row.email, points: row.points, answers: answersOf(row) }),
    pageSize: ROWS_PER_CHUNK,
  });
  return csvResponse(stream, `survey-${survey.id}.csv`);
}
