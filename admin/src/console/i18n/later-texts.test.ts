import { describe, expect, it } from 'vitest';
import type { Language } from '../../../../model/language.ts';
import { addLanguageTexts, addLaterTexts, laterText, loadTextsIn, registerTextLoader } from './later-texts.ts';

describe('texts that arrive with a screen’s chunk', () => {
  it('keeps each language of a four-language row, English where a language is blank', () => {
    addLaterTexts({ 'lt.both': ['Saved', '保存しました', '', '저장됨'] });
    expect(laterText('lt.both', 'jp')).toBe('保存しました');
    expect(laterText('lt.both', 'cn')).toBe('Saved');
    expect(laterText('lt.missing', 'en')).toBeUndefined();
  });

  it('loads a built chunk’s texts in the language in use, and in each language switched to before the switch resolves', async () => {
    const asked: Language[] = [];
    const load = async (lang: Language) => {
      asked.push(lang);
      addLanguageTexts(lang, { 'lt.one': `one in ${lang}` });
    };
    await loadTextsIn('kr');
    await registerTextLoader(load);
    expect(laterText('lt.one', 'kr')).toBe('one in kr');
    expect(laterText('lt.one', 'jp')).toBeUndefined();
    await loadTextsIn('jp');
    expect(laterText('lt.one', 'jp')).toBe('one in jp');
    expect(asked).toEqual(['kr', 'jp']);
  });
});
