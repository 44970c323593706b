import { z } from 'zod';
import { languageSchema } from '../../model/language.ts';
import { storedValuesSchema, type FormEntryView, type SiteMemberView } from '../../model/owner-data.ts';

/** A row as `selectColumns` reads it, straight from better-sqlite3. */
const storedRowSchema = z.object({
  id: z.string(),
  lang: languageSchema,
  created_at: z.number(),
  values: z.string().transform((text, ctx) => {
    const parsed = storedValuesSchema.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
    ctx.addIssue({ code: 'custom', message: 'stored values are not an object of texts, numbers and lists' });
    return z.NEVER;
  }),
  email: z.string().optional(),
  mode: z.string().nullable().optional(),
  notified_at: z.number().nullable().optional(),
  notify_error: z.string().nullable().optional(),
});

export type StoredRow = z.output<typeof storedRowSchema>;

export function parseStoredRow(row: unknown): StoredRow {
  return storedRowSchema.parse(row);
}

export function memberView(row: StoredRow): SiteMemberView {
  return { id: row.id, email: row.email ?? '', lang: row.lang, profile: row.values, createdAt: new Date(row.created_at).toISOString() };
}

export function formEntryView(row: StoredRow): FormEntryView {
  return {
    id: row.id,
    lang: row.lang,
    mode: row.mode ?? null,
    data: row.values,
    notified: row.notified_at !== null && row.notified_at !== undefined,
    notifyError: row.notify_error ?? null,
    createdAt: new Date(row.created_at).toISOString(),
  };
}
