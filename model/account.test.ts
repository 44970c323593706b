import { describe, expect, it } from 'vitest';
import { canTransition, CONTRACT_STATES, ROUTE_PREFIX } from './account.ts';
import { languageFromAcceptLanguage, messageText } from './messages/text.ts';

describe('contract transitions', () => {
  it('allow suspend and resume, starting an inactive contract, and terminating; never leaving terminated', () => {
    const allowed = CONTRACT_STATES.flatMap((from) => CONTRACT_STATES.filter((to) => canTransition(from, to)).map((to) => `${from}→${to}`));
    expect(allowed.sort()).toEqual(['active→suspended', 'active→terminated', 'inactive→active', 'inactive→terminated', 'suspended→active', 'suspended→terminated']);
  });
});

describe('route prefixes', () => {
  it('give OEM master and OEM admin the same admin prefix, as spec §2 says', () => {
    expect(ROUTE_PREFIX.OEM_MASTER).toBe(ROUTE_PREFIX.OEM_ADMIN);
    expect(new Set(Object.values(ROUTE_PREFIX)).size).toBe(4);
  });
});

describe('messages', () => {
  it('pick the language Accept-Language prefers among the four, English otherwise', () => {
    expect(languageFromAcceptLanguage('ko-KR,ko;q=0.9,en;q=0.8')).toBe('kr');
    expect(languageFromAcceptLanguage('fr-FR,ja;q=0.5,zh;q=0.7')).toBe('cn');
    expect(languageFromAcceptLanguage('fr')).toBe('en');
    expect(languageFromAcceptLanguage(undefined)).toBe('en');
    expect(languageFromAcceptLanguage('ja;q=0, en')).toBe('en');
  });

  it('fill placeholders', () => {
    expect(messageText('csvTooLarge', 'jp', { file: 'a.csv' })).toBe('a.csv - ファイルサイズが5MBの上限を超えています');
  });
});
