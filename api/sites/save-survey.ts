import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Survey, SurveyInput } from '../../model/survey.ts';
import type { Db } from '../db/open-database.ts';
import { surveys } from '../db/schema-visitor.ts';
import { notFound } from '../http/errors.ts';
import { findSurvey } from './find-survey.ts';

/** Creates a survey for a site (no id) or replaces one of its surveys whole. */
export async function saveSurvey(db: Db, siteId: string, content: SurveyInput, surveyId?: string): Promise<Survey> {
  if (surveyId) {
    const changed = await db
      .update(surveys)
      .set({ content, updatedAt: new Date() })
      .where(and(eq(surveys.id, surveyId), eq(surveys.siteId, siteId)))
      .run();
    if (changed.changes === 0) throw notFound('surveyNotFound');
    return await findSurvey(db, surveyId, siteId);
  }
  const id = randomUUID();
  await db.insert(surveys).values({ id, siteId, content }).run();
  return await findSurvey(db, id, siteId);
}
