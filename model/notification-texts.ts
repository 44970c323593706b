import type { Language } from './language.ts';
import type { DeliveredNotification, Notification, NotificationText } from './site.ts';

/**
 * A notification's texts by language, as page texts are kept (model/translation.ts): the base
 * title and content are the site's default language, and each other language keeps its own, a
 * blank one falling back to the base. No zod here: the viewer bundles nothing of this, but the
 * console and the API share it.
 */

type Texts = Pick<Notification, 'title' | 'content' | 'translations'>;

/**
 * The notification as a visitor of `lang` reads it, each text falling back to the default
 * language's where that language has none.
 * @example notificationInLanguage({ title: '新着', content: '', translations: { en: { title: 'New', content: '' } }, … }, 'en', 'jp').title // 'New'
 */
export function notificationInLanguage(notification: Notification, lang: Language, defaultLanguage: Language): DeliveredNotification {
  const { translations, ...base } = notification;
  const own = lang === defaultLanguage ? undefined : translations[lang];
  return { ...base, title: own?.title.trim() ? own.title : base.title, content: own?.content.trim() ? own.content : base.content };
}

/** Whether a language other than the default has a title of its own (the content may rightly be empty). */
export function isTranslated(notification: Texts, lang: Language, defaultLanguage: Language): boolean {
  return lang === defaultLanguage || Boolean(notification.translations[lang]?.title.trim());
}

/** The site's languages a notification still falls back in, in the site's order. */
export function untranslatedLanguages(notification: Texts, languages: readonly Language[], defaultLanguage: Language): Language[] {
  return languages.filter((lang) => !isTranslated(notification, lang, defaultLanguage));
}

/**
 * The translations worth storing: those with a text, in a language other than the default (whose
 * texts are the base). A language the site no longer offers keeps its texts, so taking it away
 * and back loses no work.
 */
export function keptTranslations(translations: Texts['translations'], defaultLanguage: Language): Texts['translations'] {
  const kept: Partial<Record<Language, NotificationText>> = {};
  for (const [lang, text] of Object.entries(translations) as [Language, NotificationText][]) {
    if (lang === defaultLanguage || (text.title.trim() === '' && text.content.trim() === '')) continue;
    kept[lang] = text;
  }
  return kept;
}
