import { z } from 'zod';
import { pageDetailSchema } from './page.ts';
import { idSchema } from './validation.ts';

const detail = pageDetailSchema.shape;

/**
 * The page settings that make sense for many pages at once (B §2 "bulk detail settings"):
 * colours, the arrow, the link button, the SNS and company toggles, the members-only lock. Only
 * the fields given change; each page's own image, texts and elements stay.
 */
const bulkDetailPatchSchema = z.object({
  mainTextColor: detail.mainTextColor.unwrap().optional(),
  priceTextColor: detail.priceTextColor.unwrap().optional(),
  hoverArrowColor: detail.hoverArrowColor.unwrap().optional(),
  arrowFadeInterval: detail.arrowFadeInterval.unwrap().optional(),
  linkButtonText: detail.linkButtonText.unwrap().optional(),
  linkDestinationUrl: z.string().optional(),
  isInternalLink: z.boolean().optional(),
  linkButtonColor: detail.linkButtonColor.unwrap().optional(),
  linkTextColor: detail.linkTextColor.unwrap().optional(),
  showSns: z.boolean().optional(),
  showCompany: z.boolean().optional(),
  membersOnlyLock: z.boolean().optional(),
});
export type BulkDetailPatch = z.output<typeof bulkDetailPatchSchema>;

/** The pages to change (at least one, each once) and what to set on them. */
export const bulkDetailInputSchema = z.object({
  pageIds: z.array(idSchema).min(1).max(10_000),
  patch: bulkDetailPatchSchema,
});
