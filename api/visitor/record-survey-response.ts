import { randomUUID } from 'node:crypto';
import { scoreSurveyResponse, surveyResponseInputSchema, type Survey } from '../../model/survey.ts';
import type { Db } from '../db/open-database.ts';
import { surveyResponses } from '../db/schema-visitor.ts';
import { AppError, validationError } from '../http/errors.ts';

/** Checks a visitor's answers against the survey, adds up their points and stores them. */
export async function recordSurveyResponse(db: Db, survey: Survey, body: unknown): Promise<{ id: string; points: number }> {
  const input = surveyResponseInputSchema.safeParse(body);
  if (!input.success) throw validationError(input.error, { input: body });
  const score = scoreSurveyResponse(survey.questions, input.data.answers);
  if (!score.ok) {
    const title = survey.questions.find((question) => question.id === score.questionId)?.title ?? score.questionId;
    throw new AppError('validation', score.key, { subject: title, issues: [{ path: ['answers', score.questionId], key: score.key, values: {} }] });
  }
  const id = randomUUID();
  await db.insert(surveyResponses).values({ id, surveyId: survey.id, siteId: survey.siteId, email: input.data.email.toLowerCase(), answers: score.answers, points: score.points }).run();
  return { id, points: score.points };
}
