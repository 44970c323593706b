import type { Language } from '../../../../../model/language.ts';

/** What an owner reads of a site, each on its own screen: members, contact entries, custom-form entries. */
export type OwnerDataKind = 'members' | 'contacts' | 'forms';

export const OWNER_DATA_KINDS: readonly OwnerDataKind[] = ['members', 'contacts', 'forms'];

/** The console's path segment of each kind, the spec's back-office route names (B §7). */
export const KIND_SEGMENT: Readonly<Record<OwnerDataKind, string>> = { members: 'site-member', contacts: 'site-contact', forms: 'site-form' };

/** The console's address of a kind's list, or of one of its rows. */
export function ownerDataHref(prefix: string, kind: OwnerDataKind, siteId: string, rowId?: string): string {
  return `/${prefix}/${KIND_SEGMENT[kind]}/${encodeURIComponent(siteId)}${rowId ? `/${encodeURIComponent(rowId)}` : ''}`;
}

const LOCALE: Readonly<Record<Language, string>> = { jp: 'ja', en: 'en', cn: 'zh', kr: 'ko' };

/** A stored instant in the owner's time zone and the console's language. */
export function formatWhen(iso: string, lang: Language): string {
  return new Date(iso).toLocaleString(LOCALE[lang], { dateStyle: 'medium', timeStyle: 'short' });
}

/**
 * The date filter's bounds as instants: a day the owner picks starts at their local midnight
 * and ends at their local 23:59:59.999, so "today" means the owner's today, not UTC's.
 * @example localDayBounds('2026-03-05', '') // { from: '2026-03-04T15:00:00.000Z' (in Tokyo) }
 */
export function localDayBounds(from: string, to: string): { from?: string; to?: string } {
  const bounds: { from?: string; to?: string } = {};
  if (from) bounds.from = new Date(`${from}T00:00:00.000`).toISOString();
  if (to) bounds.to = new Date(`${to}T23:59:59.999`).toISOString();
  return bounds;
}

/** B §5 "invalid date range": an end day before the start day (YYYY-MM-DD compares as text). */
export function isInvalidRange(from: string, to: string): boolean {
  return Boolean(from && to && to < from);
}

/** A stored value as one line of text: options ticked are joined as the CSV joins them. */
export function valueText(value: string | number | readonly string[] | undefined): string {
  if (value === undefined) return '';
  return Array.isArray(value) ? value.join(', ') : String(value);
}
