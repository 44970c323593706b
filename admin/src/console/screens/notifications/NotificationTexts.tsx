import { htmlLang, type Language } from '../../../../../model/language.ts';
import { isTranslated } from '../../../../../model/notification-texts.ts';
import '../../i18n/catalogue-surveys-notices.ts';
import { LANGUAGE_NAMES, useI18n } from '../../i18n/i18n.tsx';
import { Field } from '../../ui/Field.tsx';
import type { NotificationDraft } from './notification-form.ts';

type FieldError = { message: string } | undefined;

/**
 * A notification's title and content in each of the site's languages, the default one first
 * (its texts are the base, and its title is required). Another language without a title of its
 * own is marked untranslated, and its fields show, greyed, the default language's text that
 * visitors read meanwhile.
 */
export function NotificationTexts({
  languages,
  defaultLanguage,
  draft,
  set,
  err,
}: {
  languages: readonly Language[];
  defaultLanguage: Language;
  draft: NotificationDraft;
  set: (change: Partial<NotificationDraft>) => void;
  err: (path: string) => FieldError;
}) {
  const { t } = useI18n();
  const ordered = [defaultLanguage, ...languages.filter((lang) => lang !== defaultLanguage)];
  const setText = (lang: Language, change: Partial<{ title: string; content: string }>) => {
    if (lang === defaultLanguage) return set(change);
    const current = draft.translations[lang] ?? { title: '', content: '' };
    set({ translations: { ...draft.translations, [lang]: { ...current, ...change } } });
  };
  return (
    <div className="notification-texts">
      {ordered.map((lang) => {
        const isDefault = lang === defaultLanguage;
        const text = isDefault ? { title: draft.title, content: draft.content } : (draft.translations[lang] ?? { title: '', content: '' });
        const path = isDefault ? '' : `translations.${lang}.`;
        const translated = isTranslated(draft, lang, defaultLanguage);
        return (
          <fieldset key={lang} data-language={lang}>
            <legend>
              {LANGUAGE_NAMES[lang]}{' '}
              {isDefault ? (
                <span className="badge">{t('nt.defaultLanguage')}</span>
              ) : (
                !translated && (
                  <span className="badge badge-untranslated" data-untranslated={lang}>
                    {t('nt.untranslated')}
                  </span>
                )
              )}
            </legend>
            <Field label={t('nt.title')} error={err(`${path}title`)} hint={isDefault ? undefined : t('nt.fallbackHint', { language: LANGUAGE_NAMES[defaultLanguage] })}>
              {(props) => (
                <input
                  {...props}
                  lang={htmlLang(lang)}
                  value={text.title}
                  maxLength={50}
                  placeholder={isDefault ? undefined : draft.title}
                  onChange={(event) => setText(lang, { title: event.target.value })}
                />
              )}
            </Field>
            <Field label={t('nt.content')} error={err(`${path}content`)} hint={t('nt.contentHint')}>
              {(props) => (
                <textarea
                  {...props}
                  rows={3}
                  lang={htmlLang(lang)}
                  value={text.content}
                  maxLength={120}
                  placeholder={isDefault ? undefined : draft.content}
                  onChange={(event) => setText(lang, { content: event.target.value })}
                />
              )}
            </Field>
          </fieldset>
        );
      })}
    </div>
  );
}
