import type { Language } from '../../../../../model/language.ts';

const LOCALES: Readonly<Record<Language, string>> = { jp: 'ja', en: 'en', cn: 'zh', kr: 'ko' };

/** A count as the console's language writes it (thousands grouped). */
export function countText(value: number, lang: Language): string {
  return new Intl.NumberFormat(LOCALES[lang], { maximumFractionDigits: 1 }).format(value);
}

/** A share (0…1) as a percentage with one decimal. */
export function shareText(value: number, lang: Language): string {
  return new Intl.NumberFormat(LOCALES[lang], { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);
}

/**
 * A relative change with its sign always written (a minus sign, not a hyphen), so the direction
 * reads without the card's colour.
 * @example changeText(0.125, 'en') // '+12.5%'
 */
export function changeText(change: number, lang: Language): string {
  return new Intl.NumberFormat(LOCALES[lang], { style: 'percent', signDisplay: 'exceptZero', minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(change);
}
