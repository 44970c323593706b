import type { Language } from '../../../../../model/language.ts';

const LOCALES: Readonly<Record<Language, string>> = { jp: 'ja', en: 'en', cn: 'zh', kr: 'ko' };

/**
 * B §9 "MRR in ten-thousand yen": yen as a count of 10,000 yen, one decimal at most, so a
 * figure under 10,000 yen still shows.
 * @example inTenThousandYen(480_000, 'en') // '48'
 */
export function inTenThousandYen(yen: number, lang: Language): string {
  return new Intl.NumberFormat(LOCALES[lang], { maximumFractionDigits: 1 }).format(yen / 10_000);
}

/**
 * B §9 "ARR in hundred-million yen": two decimals always, since an ARR below 100 million yen is
 * common and must not read as 0.
 * @example inHundredMillionYen(5_760_000, 'jp') // '0.06'
 */
export function inHundredMillionYen(yen: number, lang: Language): string {
  return new Intl.NumberFormat(LOCALES[lang], { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(yen / 100_000_000);
}

/** An exact amount in yen, as the invoices print it. @example yenText(480_000, 'en') // '¥480,000' */
export function yenText(yen: number, lang: Language): string {
  return new Intl.NumberFormat(LOCALES[lang], { style: 'currency', currency: 'JPY' }).format(yen);
}
