import { Hono } from 'hono';
import { siteContracts as contracts } from '../../model/contracts/sites.ts';
import { surveyResultContracts } from '../../model/contracts/survey-results.ts';
import { parseLanguageToken } from '../../model/language.ts';
import type { Db } from '../db/open-database.ts';
import type { AppEnv } from '../http/env.ts';
import { route } from '../http/route.ts';
import { findSurvey, listSurveys } from './find-survey.ts';
import { listSurveyResponses } from './list-survey-responses.ts';
import { saveSurvey } from './save-survey.ts';
import { summarizeSurveyResponses, surveyCsvResponse } from './survey-results.ts';

/** The owner's side of surveys (B §3 "Survey: questions, points"): making them, reading the answers one by one, summed per question, or as a CSV. */
export function siteSurveyRoutes(deps: { db: Db }) {
  const { db } = deps;
  const app = new Hono<AppEnv>();
  // The authorize middleware has found the site and checked the caller may reach it.
  route(app, contracts.listSurveys, async ({ site }) => ({ surveys: await listSurveys(db, site.id) }));
  route(app, contracts.createSurvey, async ({ site, body }) => await saveSurvey(db, site.id, body));
  route(app, contracts.getSurvey, async ({ site, params }) => await findSurvey(db, params.surveyId, site.id));
  route(app, contracts.replaceSurvey, async ({ site, params, body }) => await saveSurvey(db, site.id, body, params.surveyId));
  route(app, contracts.listSurveyResponses, async ({ site, params }) => {
    const survey = await findSurvey(db, params.surveyId, site.id);
    return { responses: await listSurveyResponses(db, survey.id) };
  });
  route(app, surveyResultContracts.surveySummary, async ({ site, params }) => await summarizeSurveyResponses(db, await findSurvey(db, params.surveyId, site.id)));
  route(app, surveyResultContracts.exportSurveyCsv, async ({ site, params, query }) =>
    surveyCsvResponse(db, await findSurvey(db, params.surveyId, site.id), (query.lang ? parseLanguageToken(query.lang) : null) ?? 'jp'),
  );
  return app;
}
