import { z } from 'zod';
import { surveySummarySchema } from '../survey-summary.ts';
import { contract, type Contract } from './contract.ts';
import { read } from './policy.ts';

/** `?lang=xx`: the language of the CSV's own headers (jp, en, cn, kr, any case); Japanese when absent or unknown. */
const csvLanguageQuerySchema = z.object({ lang: z.string().optional() });

/** What an owner reads of a survey's responses beyond the list: a summary per question and a CSV download. */
export const surveyResultContracts = {
  surveySummary: contract({
    method: 'GET',
    path: '/site/:id/survey/:surveyId/summary',
    origin: 'admin',
    summary: 'Per question: how many answered, each option’s count and share, the average points; a text question’s latest answers',
    policy: read('site'),
    response: surveySummarySchema,
  }),
  exportSurveyCsv: contract({
    method: 'GET',
    path: '/site/:id/survey/:surveyId/export-csv',
    origin: 'admin',
    summary: 'Download a survey’s responses as CSV, streamed from the database, newest first',
    policy: read('site'),
    query: csvLanguageQuerySchema,
    response: {
      kind: 'raw',
      contentType: 'text/csv; charset=utf-8',
      description: 'UTF-8 with a byte-order mark (Excel reads Japanese correctly); the answered-at, email and points headers in the language asked, then one column per question by its title',
    },
  }),
} satisfies Record<string, Contract>;
