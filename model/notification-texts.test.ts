import { describe, expect, it } from 'vitest';
import { keptTranslations, notificationInLanguage, untranslatedLanguages } from './notification-texts.ts';
import { notificationSchema } from './site.ts';

const notification = notificationSchema.parse({
  id: '00000000-0000-4000-8000-000000000001',
  title: 'セール',
  content: '本日限り',
  translations: { en: { title: 'Sale', content: '' }, kr: { title: '', content: '오늘만' } },
});

describe('a notification’s texts by language', () => {
  it('reads each text in the visitor’s language, falling back field by field to the default language', () => {
    expect(notificationInLanguage(notification, 'en', 'jp')).toMatchObject({ title: 'Sale', content: '本日限り' });
    expect(notificationInLanguage(notification, 'kr', 'jp')).toMatchObject({ title: 'セール', content: '오늘만' });
    expect(notificationInLanguage(notification, 'cn', 'jp')).toMatchObject({ title: 'セール', content: '本日限り' });
    expect(notificationInLanguage(notification, 'jp', 'jp')).not.toHaveProperty('translations');
  });

  it('counts a language untranslated until it has a title of its own, in the site’s order', () => {
    expect(untranslatedLanguages(notification, ['jp', 'en', 'cn', 'kr'], 'jp')).toEqual(['cn', 'kr']);
    expect(untranslatedLanguages(notification, ['jp'], 'jp')).toEqual([]);
  });

  it('keeps only texts worth storing: not the default language’s, not blank ones', () => {
    expect(keptTranslations({ jp: { title: 'x', content: '' }, en: { title: ' ', content: '' }, cn: { title: '', content: '内容' } }, 'jp')).toEqual({ cn: { title: '', content: '内容' } });
  });
});
