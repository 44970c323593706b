import { Hono } from 'hono';
import { visitorContracts as contracts } from '../../model/contracts/visitor.ts';
import type { Survey } from '../../model/survey.ts';
import { idSchema } from '../../model/validation.ts';
import { visitorText } from '../../model/messages/visitor-text.ts';
import type { Db } from '../db/open-database.ts';
import type { AppEnv } from '../http/env.ts';
import { AppError, fieldError } from '../http/errors.ts';
import { route } from '../http/route.ts';
import { findSurvey, listSurveys } from '../sites/find-survey.ts';
import { findVisitorSite } from './find-visitor-site.ts';
import { recordSurveyResponse } from './record-survey-response.ts';
import { visitorLanguage } from './visitor-language.ts';
import { caughtByHoneypot } from './visitor-request.ts';

/** What a visitor sees of a survey: its questions and choices, never the points behind them. */
function forVisitors(survey: Survey) {
  return {
    id: survey.id,
    title: survey.title,
    description: survey.description,
    questions: [...survey.questions].sort((a, b) => a.orderNum - b.orderNum).map(({ options, ...question }) => ({ ...question, options: options.map(({ id, value }) => ({ id, value })) })),
  };
}

/** An active survey of a published site, else 404. */
async function openSurvey(db: Db, surveyId: string, hostSiteId: string | null): Promise<Survey> {
  const survey = await findSurvey(db, surveyId);
  await findVisitorSite(db, survey.siteId, hostSiteId);
  if (!survey.isActive) throw new AppError('not_found', 'surveyNotFound');
  return survey;
}

/** V §7 surveys: `GET end-user/survey?site_id=`, `GET survey/{id}/questions`, `POST survey/{id}/response` (answers by question id, email). */
export function surveyRoutes(deps: { db: Db }) {
  const { db } = deps;
  const app = new Hono<AppEnv>();
  route(app, contracts.listSurveys, async ({ c, query }) => {
    const siteId = idSchema.safeParse(query.site_id);
    if (!siteId.success) throw fieldError('validation', ['site_id'], 'invalidId');
    const site = await findVisitorSite(db, siteId.data, c.var.hostSiteId);
    return {
      surveys: (await listSurveys(db, site.id)).filter((survey) => survey.isActive).map(({ id, title, description }) => ({ id, title, description })),
    };
  });
  route(app, contracts.surveyQuestions, async ({ c, params }) => forVisitors(await openSurvey(db, params.id, c.var.hostSiteId)));
  route(app, contracts.submitSurveyResponse, async ({ c, params, body }) => {
    const survey = await openSurvey(db, params.id, c.var.hostSiteId);
    const site = await findVisitorSite(db, survey.siteId, c.var.hostSiteId);
    const message = visitorText('sent', visitorLanguage(c, site.settings, body.lang));
    if (caughtByHoneypot(body)) return { message };
    await recordSurveyResponse(db, survey, { answers: body.answers, email: body.email });
    return { message };
  });
  return app;
}
