import { applyVariant, type VariantKey } from '../model/ab/experiment.ts';
import type { SiteDraft } from '../model/draft.ts';

/** Where a variant's files sit in a version's manifest: beside the control's, under a folder the site host never serves by its own name. */
export const VARIANTS_FOLDER = '_variants';

/** The manifest path of a variant's copy of a control path. @example variantPath('B', 'en/B2/index.html') // '_variants/B/en/B2/index.html' */
export function variantPath(key: VariantKey, path: string): string {
  return `${VARIANTS_FOLDER}/${key}/${path}`;
}

/** Every variant key some page of the draft has, in order. */
export function variantKeysOf(draft: SiteDraft): VariantKey[] {
  return [...new Set(draft.creatives.flatMap((creative) => creative.pages.flatMap((page) => page.variants.map((variant) => variant.key))))].sort();
}

/**
 * The draft as a visitor of one arm sees it: each page that has the variant `key` with the
 * variant's parts (and their translations) in place of its own, every other page as it is; the
 * ids of the pages that changed. Rendering it with the same snapshot and plan as the control
 * gives the variant's files, and their input hashes, which differ from the control's only where the variant does.
 */
export function variantDraft(draft: SiteDraft, key: VariantKey): { draft: SiteDraft; pageIds: Set<string> } {
  const pageIds = new Set<string>();
  const creatives = draft.creatives.map((creative) => ({
    ...creative,
    pages: creative.pages.map((page) => {
      const variant = page.variants.find((candidate) => candidate.key === key);
      if (!variant) return page;
      pageIds.add(page.id);
      return { ...page, content: applyVariant(page.content, variant.content), translations: variant.translations, variants: [] };
    }),
  }));
  return { draft: { ...draft, creatives }, pageIds };
}

/** The draft with every variant's page as a page of its own: what the media step prepares, so a variant's pictures are made with the control's. */
export function draftWithVariantMedia(draft: SiteDraft): SiteDraft {
  const extra = draft.creatives.flatMap((creative) =>
    creative.pages.flatMap((page) => page.variants.map((variant) => ({ ...page, content: applyVariant(page.content, variant.content), variants: [] }))),
  );
  if (extra.length === 0) return draft;
  return { ...draft, creatives: [...draft.creatives, { id: '_variants', columnIndex: draft.creatives.length, name: {}, pages: extra }] };
}
