import { CONSOLE_LANGUAGES, LANGUAGE_NAMES, useI18n } from '../i18n/i18n.tsx';
import type { Language } from '../../../../model/language.ts';

/** The console's language, remembered in a cookie and local storage (spec §4, §9). */
export function LanguageSwitch() {
  const { lang, setLang, t } = useI18n();
  return (
    <label className="language-switch">
      <span className="sr-only">{t('language')}</span>
      <select aria-label={t('language')} value={lang} onChange={(event) => setLang(event.target.value as Language)}>
        {CONSOLE_LANGUAGES.map((code) => (
          <option key={code} value={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
    </label>
  );
}
