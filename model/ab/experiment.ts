import { z } from 'zod';
import { pageContentSchema, type PageContent } from '../page.ts';
import { translationsSchema } from '../translation.ts';
import { bucketHash, bucketRanges, chooseVariation } from './bucket.ts';

/**
 * Page variations (A/B). A variant is named by a site-wide key (B, C, … Z): visitors assigned to
 * B see every page's B variant, and the control page wherever a page has no B, so one visitor's
 * pages and neighbour prefetches always come from one arm of the experiment.
 */
export const CONTROL = 'control';
export const variantKeySchema = z.string().regex(/^[B-Z]$/, 'invalidVariantKey');
export type VariantKey = z.infer<typeof variantKeySchema>;
/** An arm of the experiment: the control pages or a variant key. */
export const armSchema = z.union([z.literal(CONTROL), variantKeySchema]);
export type Arm = z.infer<typeof armSchema>;

/** A page's variant as the editor reads and writes it: whole page content (only the parts applyVariant takes are published), with per-language text overlays as pages have. */
export const pageVariantSchema = z.object({
  key: variantKeySchema,
  content: pageContentSchema,
  translations: translationsSchema,
});

/** The control page's content with a variant's parts in place: media and texts (detail), buttons, link areas, products; status, lock, path, music and chatbot stay the control's. */
export function applyVariant(control: PageContent, variant: PageContent): PageContent {
  return { ...control, detail: variant.detail, buttons: variant.buttons, links: variant.links, products: variant.products };
}

export const experimentStatusSchema = z.enum(['draft', 'running', 'stopped']);

const weightSchema = z.number().min(0).max(1);
export const experimentArmSchema = z.object({ arm: armSchema, weight: weightSchema });

/** What the site's editors set: a name, the traffic split (control first) and the share of visitors in the experiment. */
export const experimentInputSchema = z
  .object({
    name: z.string().trim().min(1, 'requiredFields').max(100, 'textTooLong'),
    arms: z.array(experimentArmSchema).min(2, 'experimentNeedsTwoArms').max(26),
    coverage: z.number().min(0).max(1).default(1),
  })
  .superRefine((input, ctx) => {
    if (input.arms[0]?.arm !== CONTROL) ctx.addIssue({ code: 'custom', path: ['arms', 0, 'arm'], message: 'experimentControlFirst' });
    const seen = new Set<string>();
    input.arms.forEach(({ arm }, index) => {
      if (seen.has(arm)) ctx.addIssue({ code: 'custom', path: ['arms', index, 'arm'], message: 'duplicateId' });
      seen.add(arm);
    });
    const total = input.arms.reduce((sum, { weight }) => sum + weight, 0);
    // GrowthBook falls back to equal weights outside this band; refusing is clearer than a silent change.
    if (Math.abs(total - 1) > 0.001) ctx.addIssue({ code: 'custom', path: ['arms'], message: 'experimentWeightsSum' });
  });
export type ExperimentInput = z.output<typeof experimentInputSchema>;

export const experimentViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  seed: z.string(),
  arms: z.array(experimentArmSchema),
  coverage: z.number(),
  status: experimentStatusSchema,
  startedAt: z.iso.datetime().nullable(),
  stoppedAt: z.iso.datetime().nullable(),
});
export type ExperimentView = z.infer<typeof experimentViewSchema>;

/** What the site host reads to assign visitors (written to storage while the experiment runs). */
export const runningExperimentSchema = z.object({ id: z.string(), seed: z.string(), coverage: z.number(), arms: z.array(experimentArmSchema) });
export type RunningExperiment = z.infer<typeof runningExperimentSchema>;

/**
 * The arm a visitor is in: GrowthBook's hash v2 of (seed, visitor id) placed on the weighted,
 * coverage-cut ranges; null when the visitor falls outside coverage (shown the control, not counted).
 * @example assignArm('6f1c…', { id, seed: 'x1', coverage: 1, arms: [{ arm: 'control', weight: 0.5 }, { arm: 'B', weight: 0.5 }] }) // 'B'
 */
export function assignArm(visitorId: string, experiment: Pick<RunningExperiment, 'seed' | 'coverage' | 'arms'>): Arm | null {
  const n = bucketHash(experiment.seed, visitorId, 2);
  if (n === null) return null;
  const ranges = bucketRanges(
    experiment.arms.length,
    experiment.coverage,
    experiment.arms.map(({ weight }) => weight),
  );
  const index = chooseVariation(n, ranges);
  return index < 0 ? null : experiment.arms[index]!.arm;
}
