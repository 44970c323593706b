import { formFieldKey, formFieldsFor } from '../../model/form-submission.ts';
import { MEMBERSHIP_KEYS } from '../../model/form-values.ts';
import type { OwnerDataColumn } from '../../model/owner-data.ts';
import { siteSettingsSchema, type FormType } from '../../model/site.ts';
import type { Db } from '../db/open-database.ts';
import type { SiteRow } from '../sites/find-site.ts';
import { filterWhere, tableOf, valuesColumnOf, type OwnerDataKind } from './owner-data-source.ts';

const FORM_OF: Readonly<Record<OwnerDataKind, FormType>> = { members: 'MEMBERSHIP_SETTING', contacts: 'CONTACT_SETTING', forms: 'HOMEPAGE_SETTING' };

/** Keys a member's profile never holds: the email has its own column, passwords are never kept as sent. */
const NOT_IN_PROFILE: ReadonlySet<string> = new Set(MEMBERSHIP_KEYS);

/**
 * The columns of a kind's values: the fields of the site's form as configured now, in their
 * order and with the owner's titles, then any key older entries hold that the form no longer
 * has (titled by the key), so an edited form never hides what was sent before.
 */
export function valueColumns(db: Db, site: SiteRow, kind: OwnerDataKind): OwnerDataColumn[] {
  const settings = siteSettingsSchema.parse(site.settings);
  const fields = formFieldsFor(FORM_OF[kind], settings.forms[FORM_OF[kind]]);
  const columns = fields.map((field) => ({ key: formFieldKey(field), title: field.title })).filter((column) => kind !== 'members' || !NOT_IN_PROFILE.has(column.key));
  const known = new Set(columns.map((column) => column.key));
  // SQLite walks the stored JSON itself: no row is read into memory for this.
  const where = filterWhere(kind, site.id, { q: '' });
  const stored = db.$client
    .prepare(`SELECT DISTINCT json_each.key AS key FROM ${tableOf(kind)}, json_each(${tableOf(kind)}.${valuesColumnOf(kind)}) WHERE ${where.sql} ORDER BY json_each.key`)
    .pluck()
    .all(...where.params);
  for (const key of stored) {
    if (typeof key === 'string' && !known.has(key) && !(kind === 'members' && NOT_IN_PROFILE.has(key))) columns.push({ key, title: key });
  }
  return columns;
}
