import { z } from 'zod';
import { armSchema, experimentInputSchema, experimentViewSchema, variantKeySchema } from '../ab/experiment.ts';
import { pageContentInputSchema, pageContentSchema } from '../page.ts';
import { contract, type Contract } from './contract.ts';
import { change, read } from './policy.ts';

const languageQuerySchema = z.object({ lang: z.string().optional() });

/** A page's variant in one language, as the editor draws it on the page's canvas. */
export const pageVariantViewSchema = z.object({ key: variantKeySchema, content: pageContentSchema });

const armResultSchema = z.object({
  variantId: z.string(),
  visitors: z.number().int().nonnegative(),
  conversions: z.number().int().nonnegative(),
  conversionRate: z.number(),
  chanceToBeatControl: z.number().nullable(),
  uplift: z.object({ estimate: z.number(), lower: z.number(), upper: z.number() }).nullable(),
});

export const experimentResultsViewSchema = z.object({
  arms: z.array(armResultSchema),
  sampleRatio: z.object({ chiSquare: z.number(), degreesOfFreedom: z.number().int(), pValue: z.number(), mismatch: z.boolean() }).nullable(),
});

const experimentStateSchema = z.object({
  experiment: experimentViewSchema.nullable(),
  /** The variant keys some page of the site has, in order: the arms an experiment can split between. */
  variantKeys: z.array(variantKeySchema),
});

/** Page variations (A/B): a page's variants (B, C, …) and the site's experiment that splits visitors between them. */
export const experimentContracts = {
  listPageVariants: contract({
    method: 'GET',
    path: '/site/:id/page/:pageId/variants',
    origin: 'admin',
    summary: 'A page’s variants in one language',
    policy: read('site'),
    query: languageQuerySchema,
    response: z.object({ variants: z.array(pageVariantViewSchema) }),
  }),
  createPageVariant: contract({
    method: 'POST',
    path: '/site/:id/page/:pageId/variants',
    origin: 'admin',
    summary: 'Add a variant to a page, a copy of the control or of another variant; the next free key when none is given',
    policy: change('site'),
    query: languageQuerySchema,
    body: z.object({ key: variantKeySchema.optional(), from: armSchema.default('control') }),
    response: pageVariantViewSchema,
    status: 201,
  }),
  writePageVariant: contract({
    method: 'PUT',
    path: '/site/:id/page/:pageId/variants/:key',
    origin: 'admin',
    summary: 'Write a variant’s media, texts, buttons, link areas and products as edited in one language',
    policy: change('site'),
    query: languageQuerySchema,
    body: pageContentInputSchema,
    response: pageVariantViewSchema,
  }),
  deletePageVariant: contract({
    method: 'DELETE',
    path: '/site/:id/page/:pageId/variants/:key',
    origin: 'admin',
    summary: 'Remove a page’s variant; visitors of its arm then see the control page',
    policy: change('site'),
    response: z.object({ deleted: z.literal(true) }),
  }),
  getExperiment: contract({
    method: 'GET',
    path: '/site/:id/experiment',
    origin: 'admin',
    summary: 'The site’s experiment (null before one is set) and the variant keys its pages have',
    policy: read('site'),
    response: experimentStateSchema,
  }),
  saveExperiment: contract({
    method: 'PUT',
    path: '/site/:id/experiment',
    origin: 'admin',
    summary: 'Set the experiment’s name, split and coverage; refused while it runs',
    policy: change('site'),
    body: experimentInputSchema,
    response: experimentStateSchema,
  }),
  startExperiment: contract({
    method: 'POST',
    path: '/site/:id/experiment/start',
    origin: 'admin',
    summary: 'Start splitting visitors of the published site between the arms',
    policy: change('site'),
    response: experimentStateSchema,
  }),
  stopExperiment: contract({
    method: 'POST',
    path: '/site/:id/experiment/stop',
    origin: 'admin',
    summary: 'Stop the experiment: every visitor sees the control pages again',
    policy: change('site'),
    response: experimentStateSchema,
  }),
  experimentResults: contract({
    method: 'GET',
    path: '/site/:id/experiment/results',
    origin: 'admin',
    summary: 'Per arm visitors, conversions, conversion rate, chance to beat the control with the uplift’s 95 % interval, and the sample-ratio check',
    policy: read('site'),
    response: experimentResultsViewSchema,
  }),
} satisfies Record<string, Contract>;
