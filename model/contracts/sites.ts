import { z } from 'zod';
import { MAX_AUDIO_BYTES, MAX_VIDEO_BYTES } from '../constants.ts';
import { categoryNamesInputSchema, createSiteInputSchema, gridInputSchema } from '../site-input.ts';
import { siteSettingsPatchSchema } from '../site.ts';
import { pageWriteSchema, sitePageViewSchema, siteSummarySchema, siteViewSchema, storedMediaSchema } from '../site-view.ts';
import { surveyInputSchema, surveyResponseInputSchema, surveySchema } from '../survey.ts';
import { contract, type Contract } from './contract.ts';
import { USER_MANAGERS } from './identity.ts';
import { change, read } from './policy.ts';

/**
 * `?lang=xx`: the language the call reads or edits in (jp, en, cn, kr, any case); the site's
 * default language when absent. Checked by the route against the site, so an unknown language
 * answers the API's own message rather than a schema's.
 */
const siteLanguageQuerySchema = z.object({ lang: z.string().optional() });

/** One visitor's response to a survey, as the owner reads it. */
export const surveyResponseViewSchema = z.object({
  id: z.string(),
  email: z.string(),
  answers: surveyResponseInputSchema.shape.answers,
  points: z.number().int(),
  createdAt: z.iso.datetime(),
});

/** Sites and their drafts (grid, pages, categories, settings), media, the owner's surveys and the preview link. */
export const siteContracts = {
  listSites: contract({
    method: 'GET',
    path: '/site',
    origin: 'admin',
    summary: 'The sites of the caller’s branch, newest change first',
    policy: read('none'),
    response: z.object({ sites: z.array(siteSummarySchema) }),
  }),
  exportSites: contract({
    method: 'GET',
    path: '/site/export',
    origin: 'admin',
    summary: 'The site list of the caller’s branch as a CSV file, with each site’s URL and parent account',
    policy: read('none'),
    query: z.object({ lang: z.string().optional().describe('jp, en, cn or kr: the language of the headers and statuses; Accept-Language’s when absent') }),
    response: { kind: 'raw', contentType: 'text/csv; charset=utf-8', description: 'UTF-8 with a BOM, streamed; the columns of SITE_CSV_COLUMNS (model/site-list-csv.ts)' },
  }),
  listUserSites: contract({
    method: 'GET',
    path: '/site/list/:id',
    origin: 'admin',
    summary: 'The sites one account owns, newest change first, for the types that manage users',
    policy: read('account', { types: USER_MANAGERS }),
    response: z.object({ sites: z.array(siteSummarySchema) }),
  }),
  createSite: contract({
    method: 'POST',
    path: '/site',
    origin: 'admin',
    summary: 'Create a site with its whole grid of empty pages, within the owner’s plan',
    policy: change('none'),
    body: createSiteInputSchema,
    response: siteViewSchema,
    status: 201,
  }),
  getSite: contract({
    method: 'GET',
    path: '/site/:id',
    origin: 'admin',
    summary: 'The draft as the editor reads it in one language',
    policy: read('site'),
    query: siteLanguageQuerySchema,
    response: siteViewSchema,
  }),
  updateSiteSettings: contract({
    method: 'PUT',
    path: '/site/:id',
    origin: 'admin',
    summary: 'Change settings in one language; seo, company and scripts merge field by field, other objects are replaced whole',
    policy: change('site'),
    query: siteLanguageQuerySchema,
    body: siteSettingsPatchSchema,
    response: siteViewSchema,
  }),
  deleteSite: contract({
    method: 'DELETE',
    path: '/site/:id',
    origin: 'admin',
    summary: 'Delete the site’s draft and take it off the air',
    policy: change('site'),
    response: z.object({ message: z.string().describe('siteDeleted, in the caller’s language') }),
  }),
  resizeGrid: contract({
    method: 'PUT',
    path: '/site/:id/grid',
    origin: 'admin',
    summary: 'Change rows and columns; dropping pages with content needs confirm: true',
    policy: change('site'),
    body: gridInputSchema,
    response: z.object({ addedPages: z.number().int().nonnegative(), removedPages: z.number().int().nonnegative(), site: siteViewSchema }),
  }),
  writePage: contract({
    method: 'PUT',
    path: '/site/:id/page/:pageId',
    origin: 'admin',
    summary: 'Write one page’s content as edited in one language; refused when baseRevision is not the page’s revision any more',
    policy: change('site'),
    query: siteLanguageQuerySchema,
    body: pageWriteSchema,
    response: z.object({ page: sitePageViewSchema }),
  }),
  renameCategories: contract({
    method: 'PUT',
    path: '/site/:id/categories',
    origin: 'admin',
    summary: 'Name every category (the global menu) in one language',
    policy: change('site'),
    query: siteLanguageQuerySchema,
    body: categoryNamesInputSchema,
    response: siteViewSchema,
  }),
  uploadMedia: contract({
    method: 'POST',
    path: '/site/:id/media',
    origin: 'admin',
    summary: 'Upload an image or a video to the site’s media',
    policy: change('site'),
    body: {
      kind: 'upload',
      field: 'file',
      description: `One image or video, at most ${MAX_VIDEO_BYTES / 1024 / 1024} MB; its kind is read from its bytes, not its name`,
      maxFileBytes: MAX_VIDEO_BYTES,
    },
    response: storedMediaSchema,
    status: 201,
  }),
  uploadAudio: contract({
    method: 'POST',
    path: '/site/:id/audio',
    origin: 'admin',
    summary: 'Upload background music (MP3, M4A with AAC, or WAV) to the site’s media',
    policy: change('site'),
    body: {
      kind: 'upload',
      field: 'file',
      description: `One audio file, at most ${MAX_AUDIO_BYTES / 1024 / 1024} MB; its format is read from its bytes and checked by ffprobe, not taken from its name`,
      maxFileBytes: MAX_AUDIO_BYTES,
    },
    response: storedMediaSchema,
    status: 201,
  }),
  getMedia: contract({
    method: 'GET',
    path: '/site/:id/media/:mediaId',
    origin: 'admin',
    summary: 'One uploaded file, for the editor',
    policy: read('site'),
    response: { kind: 'raw', contentType: 'image/*, video/* or audio/*', description: 'the stored bytes with their sniffed content type, privately cacheable for an hour' },
  }),
  getCampaignClickCounts: contract({
    method: 'GET',
    path: '/site/:id/campaign/click-counts',
    origin: 'admin',
    summary: 'The click count each campaign banner and button shows visitors now (V §7: its saved count plus the clicks counted since); none for a campaign without one',
    policy: read('site'),
    response: z.object({ counts: z.record(z.string(), z.number().int().nonnegative()) }),
  }),
  listSurveys: contract({
    method: 'GET',
    path: '/site/:id/survey',
    origin: 'admin',
    summary: 'The site’s surveys, oldest first',
    policy: read('site'),
    response: z.object({ surveys: z.array(surveySchema) }),
  }),
  createSurvey: contract({
    method: 'POST',
    path: '/site/:id/survey',
    origin: 'admin',
    summary: 'Create a survey',
    policy: change('site'),
    body: surveyInputSchema,
    response: surveySchema,
    status: 201,
  }),
  getSurvey: contract({ method: 'GET', path: '/site/:id/survey/:surveyId', origin: 'admin', summary: 'One survey with its questions and points', policy: read('site'), response: surveySchema }),
  replaceSurvey: contract({
    method: 'PUT',
    path: '/site/:id/survey/:surveyId',
    origin: 'admin',
    summary: 'Replace a survey whole',
    policy: change('site'),
    body: surveyInputSchema,
    response: surveySchema,
  }),
  listSurveyResponses: contract({
    method: 'GET',
    path: '/site/:id/survey/:surveyId/responses',
    origin: 'admin',
    summary: 'A survey’s responses with their points, newest first',
    policy: read('site'),
    response: z.object({ responses: z.array(surveyResponseViewSchema) }),
  }),
  createPreviewLink: contract({
    method: 'POST',
    path: '/preview/site/:id',
    origin: 'admin',
    summary: 'A short-lived link to the draft’s preview on the site origin',
    policy: read('site'),
    response: z.object({ url: z.string(), expiresAt: z.iso.datetime() }),
  }),
} satisfies Record<string, Contract>;

export type SurveyResponseView = z.output<typeof surveyResponseViewSchema>;
