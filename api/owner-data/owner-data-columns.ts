import { sql } from 'drizzle-orm';
import { formFieldLabel } from '../../model/form-field-label.ts';
import { formFieldKey, formFieldsFor } from '../../model/form-submission.ts';
import { MEMBERSHIP_KEYS } from '../../model/form-values.ts';
import type { OwnerDataColumn, OwnerDataFilter } from '../../model/owner-data.ts';
import { siteSettingsSchema, type FormType } from '../../model/site.ts';
import { jsonMembers } from '../db/dialect-sql.ts';
import type { Db } from '../db/open-database.ts';
import type { SiteRow } from '../sites/find-site.ts';
import type { StoredRow } from './owner-data-rows.ts';
import { filterWhere, tableOf, valuesColumnOf, type OwnerDataKind } from './owner-data-source.ts';

const FORM_OF: Readonly<Record<OwnerDataKind, FormType>> = { members: 'MEMBERSHIP_SETTING', contacts: 'CONTACT_SETTING', forms: 'HOMEPAGE_SETTING' };

/** Keys a member's profile never holds: the email has its own column, passwords are never kept as sent. */
const NOT_IN_PROFILE: ReadonlySet<string> = new Set(MEMBERSHIP_KEYS);

/**
 * The columns of a kind's values: the fields of the site's form as configured now, in their
 * order and with the owner's titles, then any of `storedKeys` the form no longer has (titled by
 * the key, sorted), so an edited form never hides what was sent before.
 */
function columnsWith(site: SiteRow, kind: OwnerDataKind, storedKeys: Iterable<string>): OwnerDataColumn[] {
  const settings = siteSettingsSchema.parse(site.settings);
  const fields = formFieldsFor(FORM_OF[kind], settings.forms[FORM_OF[kind]]);
  const columns = fields
    .map((field) => ({ key: formFieldKey(field), title: formFieldLabel(field, settings.defaultLanguage) }))
    .filter((column) => kind !== 'members' || !NOT_IN_PROFILE.has(column.key));
  const known = new Set(columns.map((column) => column.key));
  const extra = [...new Set(storedKeys)].filter((key) => !known.has(key) && !(kind === 'members' && NOT_IN_PROFILE.has(key))).sort();
  return [...columns, ...extra.map((key) => ({ key, title: key }))];
}

/** The columns a page of rows (or one row) needs: cheap, the rows are in hand. */
export function columnsOfRows(site: SiteRow, kind: OwnerDataKind, rows: readonly StoredRow[]): OwnerDataColumn[] {
  return columnsWith(
    site,
    kind,
    rows.flatMap((row) => Object.keys(row.values)),
  );
}

/**
 * The columns of every row a filter keeps, for an export, whose header comes before its rows:
 * SQLite walks the stored JSON itself (one pass over the rows' values, none of them held here).
 */
export async function columnsOfFilter(db: Db, site: SiteRow, kind: OwnerDataKind, filter: OwnerDataFilter): Promise<OwnerDataColumn[]> {
  const where = filterWhere(kind, site.id, filter);
  const table = tableOf(kind);
  const members = jsonMembers(sql.raw(`${table}.${valuesColumnOf(kind)}`));
  const stored = (await db.values<[unknown]>(sql`SELECT DISTINCT member.key FROM ${sql.raw(table)}, ${members} AS member WHERE ${where}`))
    .map(([key]) => key)
    .filter((key): key is string => typeof key === 'string');
  return columnsWith(site, kind, stored);
}
