import { z } from 'zod';
import { DEFAULT_LANGUAGE, languageSchema } from './language.ts';

/** Grid limits: a cell reference is 1 to 3 letters and a row of 1 to 100 (back-office spec §5). */
export const MAX_ROWS = 100;
export const MAX_COLUMNS = 100;

const gridSize = (whole: 'columnsWhole' | 'rowsWhole', tooMany: 'columnsMax' | 'rowsMax', max: number) => z.number({ error: whole }).int(whole).min(1, 'gridZero').max(max, tooMany);

export const numberHorizontalSchema = gridSize('columnsWhole', 'columnsMax', MAX_COLUMNS);
export const numberVerticalSchema = gridSize('rowsWhole', 'rowsMax', MAX_ROWS);

/** What creating a site asks for; every other setting starts at its default. */
export const createSiteInputSchema = z
  .object({
    name: z.string().trim().min(1, 'requiredFields').max(50, 'siteNameTooLong'),
    numberHorizontal: numberHorizontalSchema,
    numberVertical: numberVerticalSchema,
    defaultLanguage: languageSchema.default(DEFAULT_LANGUAGE),
    languages: z.array(languageSchema).min(1).optional(),
  })
  .transform((input) => ({ ...input, languages: [...new Set([input.defaultLanguage, ...(input.languages ?? [])])] }));

/** A grid change; dropping pages that hold content needs `confirm: true`. */
export const gridInputSchema = z.object({
  numberHorizontal: numberHorizontalSchema,
  numberVertical: numberVerticalSchema,
  confirm: z.boolean().default(false),
});

/**
 * The global menu (spec §5): one name per category, in one language; none empty, none repeated.
 * @example categoryNamesInputSchema.safeParse({ categories: [{ id: 'a', name: 'Shoes' }, { id: 'b', name: 'Shoes' }] }).success // false
 */
export const categoryNamesInputSchema = z.object({
  categories: z.array(z.object({ id: z.string().min(1).max(64), name: z.string().trim().min(1, 'requiredFields').max(50, 'textTooLong') })).superRefine((categories, ctx) => {
    const seen = new Set<string>();
    categories.forEach((category, index) => {
      const key = category.name.toLowerCase();
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [index, 'name'], message: 'menuDuplicate' });
      seen.add(key);
    });
  }),
});
export type CategoryNames = z.output<typeof categoryNamesInputSchema>;
