import type { Language } from '../../model/language.ts';
import { messageText } from '../../model/messages/text.ts';
import { columnLetters } from '../../model/position.ts';

/**
 * A new column's category name in every language of the site ("カテゴリA" on a Japanese site,
 * "Category A" on an English one), so a new site's global menu reads in its visitors' language
 * before the owner names anything.
 * @example defaultCategoryName(0, ['jp', 'en']) // { jp: 'カテゴリA', en: 'Category A' }
 */
export function defaultCategoryName(column: number, languages: readonly Language[]): Partial<Record<Language, string>> {
  const letters = columnLetters(column);
  return Object.fromEntries(languages.map((lang) => [lang, messageText('defaultCategoryName', lang, { letters })]));
}
