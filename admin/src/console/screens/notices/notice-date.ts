import type { Language } from '../../../../../model/language.ts';
import '../../i18n/catalogue-surveys-notices.ts';
import { useI18n } from '../../i18n/i18n.tsx';

export const LOCALES: Readonly<Record<Language, string>> = { jp: 'ja', en: 'en', cn: 'zh', kr: 'ko' };

/** A notice's start or end in the console's language; no date is "always" (an open window). */
export function useNoticeDate(): (value: string | null) => string {
  const { t, lang } = useI18n();
  return (value) => (value ? new Date(value).toLocaleString(LOCALES[lang]) : t('nt.always'));
}
