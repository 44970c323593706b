import { desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { Db } from '../db/open-database.ts';
import { surveyResponses } from '../db/schema-visitor.ts';
import type { AppEnv } from '../env.ts';
import { findSurvey, listSurveys } from '../services/find-survey.ts';
import { saveSurvey } from './save-survey.ts';

/** The owner's side of surveys (B §3 "Survey: questions, points"): enough to make them and read answers; the editor screen is a later issue. */
export function siteSurveyRoutes(deps: { db: Db }) {
  const { db } = deps;
  return new Hono<AppEnv>()
    // The authorize middleware has found the site and checked the caller may reach it.
    .get('/:id/survey', (c) => c.json({ surveys: listSurveys(db, c.get('site').id) }))
    .post('/:id/survey', async (c) => c.json(saveSurvey(db, c.get('site').id, await c.req.json()), 201))
    .get('/:id/survey/:surveyId', (c) => c.json(findSurvey(db, c.req.param('surveyId'), c.get('site').id)))
    .put('/:id/survey/:surveyId', async (c) => c.json(saveSurvey(db, c.get('site').id, await c.req.json(), c.req.param('surveyId'))))
    .get('/:id/survey/:surveyId/responses', (c) => {
      const survey = findSurvey(db, c.req.param('surveyId'), c.get('site').id);
      const rows = db.select().from(surveyResponses).where(eq(surveyResponses.surveyId, survey.id)).orderBy(desc(surveyResponses.createdAt)).all();
      return c.json({ responses: rows.map(({ id, email, answers, points, createdAt }) => ({ id, email, answers, points, createdAt: createdAt.toISOString() })) });
    });
}
