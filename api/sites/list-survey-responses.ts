import { desc, eq } from 'drizzle-orm';
import type { SurveyResponseView } from '../../model/contracts/sites.ts';
import { surveyResponseInputSchema } from '../../model/survey.ts';
import type { Db } from '../db/open-database.ts';
import { surveyResponses } from '../db/schema-visitor.ts';

/** A survey's responses, newest first, dates as ISO strings. */
export async function listSurveyResponses(db: Db, surveyId: string): Promise<SurveyResponseView[]> {
  const rows = await db.select().from(surveyResponses).where(eq(surveyResponses.surveyId, surveyId)).orderBy(desc(surveyResponses.createdAt)).all();
  return rows.map(({ id, email, answers, points, createdAt }) => ({ id, email, answers: surveyResponseInputSchema.shape.answers.parse(answers), points, createdAt: createdAt.toISOString() }));
}
