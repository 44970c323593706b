import { type SQL, sql } from 'drizzle-orm';
import { boundTime, type OwnerDataFilter } from '../../model/owner-data.ts';
import { jsonMembers, memberText } from '../db/dialect-sql.ts';

/** What an owner reads: the site's members, or the entries of one of its two visitor forms. */
export type OwnerDataKind = 'members' | 'contacts' | 'forms';

/** Where each kind is stored: its table, the rows of one site it reads, and the JSON column of the values sent. */
type Source = { table: string; scope: (siteId: string) => SQL; values: string; extraColumns: string };

const SOURCES: Readonly<Record<OwnerDataKind, Source>> = {
  members: { table: 'end_users', scope: (siteId) => sql`site_id = ${siteId}`, values: 'profile', extraColumns: 'email' },
  contacts: { table: 'form_entries', scope: (siteId) => sql`site_id = ${siteId} AND form_type = 'CONTACT_SETTING'`, values: 'data', extraColumns: 'mode, notified_at, notify_error' },
  forms: { table: 'form_entries', scope: (siteId) => sql`site_id = ${siteId} AND form_type = 'HOMEPAGE_SETTING'`, values: 'data', extraColumns: 'mode, notified_at, notify_error' },
};

/** `%`, `_` and the escape character itself, taken literally by LIKE … ESCAPE '\'. */
function likePattern(words: string): string {
  return `%${words.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
}

/**
 * The rows of one site a filter keeps: the words in the email (members) or in any value sent
 * (each value of the JSON object, never its keys or quotes), created inside the date bounds. The
 * words match in any case, on either database (SQLite's LIKE ignores ASCII case, PostgreSQL's none).
 */
export function filterWhere(kind: OwnerDataKind, siteId: string, filter: OwnerDataFilter): SQL {
  const source = SOURCES[kind];
  const parts = [source.scope(siteId)];
  if (filter.q) {
    const pattern = likePattern(filter.q);
    const inValues = sql`EXISTS (SELECT 1 FROM ${jsonMembers(sql.raw(source.values))} AS member WHERE lower(${memberText(sql`member.value`)}) LIKE lower(${pattern}) ESCAPE '\\')`;
    parts.push(kind === 'members' ? sql`(lower(email) LIKE lower(${pattern}) ESCAPE '\\' OR ${inValues})` : inValues);
  }
  if (filter.from) parts.push(sql`created_at >= ${new Date(boundTime(filter.from, 'from'))}`);
  if (filter.to) parts.push(sql`created_at <= ${new Date(boundTime(filter.to, 'to'))}`);
  return sql.join(parts, sql` AND `);
}

/** The columns a kind's rows are read with: id, language, creation time, the values sent, and the kind's own. */
export function selectColumns(kind: OwnerDataKind): string {
  const source = SOURCES[kind];
  return `id, lang, created_at, ${source.values} AS "values", ${source.extraColumns}`;
}

export function tableOf(kind: OwnerDataKind): string {
  return SOURCES[kind].table;
}

/** The JSON column holding the values a kind's rows were sent with. */
export function valuesColumnOf(kind: OwnerDataKind): string {
  return SOURCES[kind].values;
}
