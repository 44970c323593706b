import { z } from 'zod';
import { pageVariantSchema } from './ab/experiment.ts';
import { languageSchema } from './language.ts';
import { pageContentSchema } from './page.ts';
import { siteSettingsSchema, siteStatusSchema } from './site.ts';
import { translationsSchema } from './translation.ts';

/**
 * A site as the back-office stores it: structure and default-language texts, plus the
 * other languages' texts as overlays. The API loads it; publishing and preview read it.
 */
/** What an upload is: a page image, a video, or background music. */
export const mediaKindSchema = z.enum(['image', 'video', 'audio']);
export type MediaKind = z.infer<typeof mediaKindSchema>;

export const mediaRecordSchema = z.object({
  id: z.string(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  kind: mediaKindSchema,
  mime: z.string(),
  ext: z.string(),
  size: z.number().int().nonnegative(),
  /** The file's name as uploaded, for the editor to list it by (never published). */
  name: z.string().optional(),
});
export type MediaRecord = z.infer<typeof mediaRecordSchema>;

export const draftPageSchema = z.object({
  id: z.string(),
  row: z.number().int().positive(),
  content: pageContentSchema,
  translations: translationsSchema,
  /** Its A/B variants (B, C, …), each overriding parts of the content (model/ab/experiment.ts). */
  variants: z.array(pageVariantSchema).default(() => []),
});

export const draftCreativeSchema = z.object({
  id: z.string(),
  columnIndex: z.number().int().nonnegative(),
  name: z.partialRecord(languageSchema, z.string()),
  pages: z.array(draftPageSchema),
});
export type DraftCreative = z.infer<typeof draftCreativeSchema>;

export const siteDraftSchema = z.object({
  id: z.string(),
  status: siteStatusSchema,
  settings: siteSettingsSchema,
  translations: translationsSchema,
  creatives: z.array(draftCreativeSchema),
  media: z.array(mediaRecordSchema),
  /** Plan flags that change what visitors see; the plan model comes with identity. */
  plan: z.object({ poweredBy: z.boolean() }).default({ poweredBy: false }),
});
export type SiteDraft = z.infer<typeof siteDraftSchema>;

/** A category's name in a language, else the default language's, else its column letters' placeholder. */
export function creativeName(creative: Pick<DraftCreative, 'name'>, lang: z.infer<typeof languageSchema>, defaultLanguage: z.infer<typeof languageSchema>): string {
  return creative.name[lang] || creative.name[defaultLanguage] || '';
}
