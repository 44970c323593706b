import { LANG_COOKIE_MAX_AGE_S } from '../../../model/constants.ts';
import { LANGUAGES, type Language } from '../../../model/language.ts';
import type { SiteSnapshot } from '../../../model/snapshot.ts';
import { pathFor } from './address.ts';
import { LANGUAGE_NAMES, t } from './i18n.ts';

type Props = { site: SiteSnapshot; position: string | undefined };

/**
 * The language picker. The choice goes to the lang cookie and the two storage keys the spec
 * names (§9: user_lang, selectedLanguage), then the same position opens in the new language,
 * which is a page of its own.
 */
export default function LanguageSelect({ site, position }: Props) {
  const switchLanguage = (lang: Language) => {
    document.cookie = `lang=${lang}; path=/; max-age=${LANG_COOKIE_MAX_AGE_S}; samesite=lax`;
    localStorage.setItem('selectedLanguage', lang);
    localStorage.setItem('user_lang', lang);
    window.location.assign(pathFor(site, { lang, position }, window.location.search));
  };
  return (
    <select className="sg-language" aria-label={t('language', site.lang)} value={site.lang} onChange={(event) => switchLanguage(event.target.value as Language)}>
      {LANGUAGES.filter((lang) => site.languages.includes(lang)).map((lang) => (
        <option key={lang} value={lang}>
          {LANGUAGE_NAMES[lang]}
        </option>
      ))}
    </select>
  );
}
