import type { Language } from '../../../../../model/language.ts';
import { untranslatedLanguages } from '../../../../../model/notification-texts.ts';
import type { NotificationView } from '../../../../../model/notification-delivery.ts';
import '../../i18n/catalogue-surveys-notices.ts';
import { LANGUAGE_NAMES, useI18n } from '../../i18n/i18n.tsx';

/** Each of the site's languages for one notification: ticked where it has its own text, marked untranslated where visitors get the default language's. */
export function UntranslatedMarks({ notification, site }: { notification: NotificationView; site: { languages: readonly Language[]; defaultLanguage: Language } }) {
  const { t } = useI18n();
  const missing = untranslatedLanguages(notification, site.languages, site.defaultLanguage);
  return (
    <ul className="language-marks">
      {site.languages.map((lang) =>
        missing.includes(lang) ? (
          <li key={lang}>
            <span className="badge badge-untranslated" data-untranslated={lang} title={t('nt.untranslatedIn', { language: LANGUAGE_NAMES[lang] })}>
              {LANGUAGE_NAMES[lang]} · {t('nt.untranslated')}
            </span>
          </li>
        ) : (
          <li key={lang}>
            <span className="badge badge-translated">
              <span aria-hidden="true">✓ </span>
              {LANGUAGE_NAMES[lang]}
            </span>
          </li>
        ),
      )}
    </ul>
  );
}
