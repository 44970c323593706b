import { sql } from 'drizzle-orm';
import type { Language } from '../../model/language.ts';
import { surveyResponseInputSchema, type Survey } from '../../model/survey.ts';
import { summarizeSurvey, surveyCsvHeader, surveyCsvRow, type SurveySummary } from '../../model/survey-summary.ts';
import type { Db } from '../db/open-database.ts';
import { csvResponse, csvStream } from '../http/csv-download.ts';

type ResponseRow = { id: string; email: string; answers: string; points: number; createdAt: number };

const COLUMNS = sql.raw('id, email, answers, points, created_at AS "createdAt"');

/**
 * The page of responses after `after` (newest first). A download is read a page at a time by
 * its last key, never through a cursor held open across the stream's pauses (nor a whole
 * survey's responses held at once).
 */
async function responsePage(db: Db, surveyId: string, after: ResponseRow | null, limit: number): Promise<ResponseRow[]> {
  const older = after ? sql` AND (created_at < ${new Date(after.createdAt)} OR (created_at = ${new Date(after.createdAt)} AND id < ${after.id}))` : sql``;
  return await db.all<ResponseRow>(sql`SELECT ${COLUMNS} FROM survey_responses WHERE survey_id = ${surveyId}${older} ORDER BY created_at DESC, id DESC LIMIT ${limit}`);
}

const answersOf = (row: ResponseRow) => surveyResponseInputSchema.shape.answers.parse(JSON.parse(row.answers));

/** Rows per chunk of the stream. */
const ROWS_PER_CHUNK = 200;

/** Rows per statement of a summary: it reads every response, a page at a time, never all of a large survey's at once. */
const ROWS_PER_SUMMARY_PAGE = 1_000;

/** Per question: counts per option, average points, latest text answers (model/survey-summary.ts). */
export async function summarizeSurveyResponses(db: Db, survey: Survey): Promise<SurveySummary> {
  const summary = summarizeSurvey(survey);
  let after: ResponseRow | null = null;
  for (;;) {
    const rows = await responsePage(db, survey.id, after, ROWS_PER_SUMMARY_PAGE);
    for (const row of rows) summary.add(answersOf(row), row.points);
    if (rows.length < ROWS_PER_SUMMARY_PAGE) break;
    after = rows.at(-1) ?? null;
  }
  return summary.result();
}

/**
 * The responses as a CSV download, newest first, streamed a page of rows at a time (see
 * `csvStream`): a visitor's answer that reads like a formula stays text in a spreadsheet.
 */
export function surveyCsvResponse(db: Db, survey: Survey, lang: Language): Response {
  const stream = csvStream<ResponseRow>({
    header: surveyCsvHeader(survey, lang),
    page: async (after, limit) => await responsePage(db, survey.id, after, limit),
    cells: (row) => surveyCsvRow(survey, { createdAt: new Date(row.createdAt).toISOString(), email: row.email, points: row.points, answers: answersOf(row) }),
    pageSize: ROWS_PER_CHUNK,
  });
  return csvResponse(stream, `survey-${survey.id}.csv`);
}
