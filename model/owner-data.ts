import { z } from 'zod';
import { TEXT_MAX } from './constants.ts';
import { languageSchema } from './language.ts';

/**
 * What an owner reads of the people its published site collected (B §2 "Per-site lists of
 * members, contacts and form entries, with CSV export"): members, contact entries and custom-form
 * (homepage form) entries, searched, filtered by date and paged.
 */

/** The largest page a list answers. */
export const OWNER_DATA_PAGE_MAX = 100;

/**
 * A bound of the date filter: a day (`2026-11-24`, the whole day in UTC) or an instant with its
 * offset (the console sends the owner's local midnight as one).
 */
const dateBoundSchema = z.union([z.iso.date(), z.iso.datetime({ offset: true })]).optional();

/**
 * The instant a bound stands for: a day's first millisecond for `from`, its last for `to`.
 * @example boundTime('2026-11-24', 'to') // Date.parse('2026-11-24T23:59:59.999Z')
 */
export function boundTime(bound: string, side: 'from' | 'to'): number {
  if (/^\d{4}-\d{2}-\d{2}$/.test(bound)) return Date.parse(`${bound}T${side === 'from' ? '00:00:00.000' : '23:59:59.999'}Z`);
  return Date.parse(bound);
}

const filterShape = {
  /** Words looked for in the email and every value sent (case-insensitive for Latin letters). */
  q: z.string().trim().max(TEXT_MAX).default(''),
  from: dateBoundSchema,
  to: dateBoundSchema,
};

function checkRange(query: { from?: string | undefined; to?: string | undefined }, ctx: z.RefinementCtx): void {
  if (query.from && query.to && boundTime(query.to, 'to') < boundTime(query.from, 'from')) ctx.addIssue({ code: 'custom', path: ['to'], message: 'invalidDateRange' });
}

/** `?q=&from=&to=&page=&pageSize=` of a list. */
export const ownerDataListQuerySchema = z
  .object({
    ...filterShape,
    page: z.coerce.number<string>().int().min(1).default(1),
    pageSize: z.coerce.number<string>().int().min(1).max(OWNER_DATA_PAGE_MAX).default(20),
  })
  .superRefine(checkRange);

/** `?q=&from=&to=&lang=` of a CSV export: the list's filter, every page, headers in `lang` (one of the site's languages; its default when absent). */
export const ownerDataExportQuerySchema = z.object({ ...filterShape, lang: z.string().optional() }).superRefine(checkRange);

export type OwnerDataFilter = { q: string; from?: string | undefined; to?: string | undefined };

/** A value a visitor sent for one field, as stored: text, a number, or the options ticked. */
export const storedValueSchema = z.union([z.string(), z.number(), z.array(z.string())]);
export const storedValuesSchema = z.record(z.string(), storedValueSchema);

/** A column of the collected values: the key a value is stored under and the title the owner gave its field. */
export const ownerDataColumnSchema = z.object({ key: z.string(), title: z.string() });

/** A member of the site, without anything secret: the membership form's other fields are its profile. */
export const siteMemberViewSchema = z.object({
  id: z.string(),
  email: z.string(),
  lang: languageSchema,
  profile: storedValuesSchema,
  createdAt: z.iso.datetime(),
});

/** A contact or custom-form entry as sent, and whether the owner's notification email went out. */
export const formEntryViewSchema = z.object({
  id: z.string(),
  lang: languageSchema,
  mode: z.string().nullable(),
  data: storedValuesSchema,
  notified: z.boolean(),
  notifyError: z.string().nullable(),
  createdAt: z.iso.datetime(),
});

const pageFacts = { total: z.number().int().nonnegative(), page: z.number().int().positive(), pageSize: z.number().int().positive(), columns: z.array(ownerDataColumnSchema) };

export const siteMemberListSchema = z.object({ members: z.array(siteMemberViewSchema), ...pageFacts });
export const formEntryListSchema = z.object({ entries: z.array(formEntryViewSchema), ...pageFacts });
export const siteMemberDetailSchema = z.object({ member: siteMemberViewSchema, columns: z.array(ownerDataColumnSchema) });
export const formEntryDetailSchema = z.object({ entry: formEntryViewSchema, columns: z.array(ownerDataColumnSchema) });

export type StoredValue = z.output<typeof storedValueSchema>;
export type OwnerDataColumn = z.output<typeof ownerDataColumnSchema>;
export type SiteMemberView = z.output<typeof siteMemberViewSchema>;
export type FormEntryView = z.output<typeof formEntryViewSchema>;
