import { and, eq } from 'drizzle-orm';
import { surveySchema, type Survey } from '../../model/survey.ts';
import type { Db } from '../db/open-database.ts';
import { surveys } from '../db/schema-visitor.ts';
import { notFound } from '../http/errors.ts';

type SurveyRow = typeof surveys.$inferSelect;

export function toSurvey(row: SurveyRow): Survey {
  return surveySchema.parse({ ...(row.content as object), id: row.id, siteId: row.siteId });
}

/** A survey by id, of this site when one is given; 404 otherwise. */
export async function findSurvey(db: Db, surveyId: string, siteId?: string): Promise<Survey> {
  const row = await db
    .select()
    .from(surveys)
    .where(siteId ? and(eq(surveys.id, surveyId), eq(surveys.siteId, siteId)) : eq(surveys.id, surveyId))
    .get();
  if (!row) throw notFound('surveyNotFound');
  return toSurvey(row);
}

/** A site's surveys, oldest first. */
export async function listSurveys(db: Db, siteId: string): Promise<Survey[]> {
  return (await db.select().from(surveys).where(eq(surveys.siteId, siteId)).orderBy(surveys.createdAt).all()).map(toSurvey);
}
