import type { Language } from '../language.ts';
import { cn } from './cn.ts';
import { en } from './en.ts';
import { jp } from './jp.ts';
import type { MessageIssue } from './issues.ts';
import type { MessageKey, MessageValues } from './keys.ts';
import { kr } from './kr.ts';
import { tableText, type MessageTable } from './table.ts';

const TEXTS: Readonly<Record<Language, MessageTable>> = { en, jp, cn, kr };

/**
 * A message in any of the four languages, `{name}` placeholders filled (all four tables: for the
 * API; a client holding one language's table uses `tableText`).
 * @example messageText('csvTooLarge', 'en', { file: 'users.csv' }) // 'users.csv - File size exceeds the 5MB limit'
 */
export function messageText(key: MessageKey, lang: Language, values?: MessageValues): string {
  return tableText(TEXTS[lang], key, values);
}

const ACCEPT_TOKENS: ReadonlyMap<string, Language> = new Map([
  ['ja', 'jp'],
  ['jp', 'jp'],
  ['en', 'en'],
  ['zh', 'cn'],
  ['cn', 'cn'],
  ['ko', 'kr'],
  ['kr', 'kr'],
]);

/**
 * The language an `Accept-Language` header prefers among the four, by its q weights; English
 * when it names none of them or is absent (API clients and scripts read English).
 * @example languageFromAcceptLanguage('ko-KR,ko;q=0.9,en;q=0.8') // 'kr'
 */
export function languageFromAcceptLanguage(header: string | null | undefined): Language {
  if (!header) return 'en';
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { lang: ACCEPT_TOKENS.get(tag.toLowerCase().split('-')[0] ?? ''), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry): entry is { lang: Language; q: number; index: number } => entry.lang !== undefined && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked[0]?.lang ?? 'en';
}

/**
 * The text of one field's refusal in a language.
 * @example issueText({ path: ['name'], key: 'textTooLong', values: { max: 50 } }, 'en') // 'Must be at most 50 characters.'
 */
export function issueText(issue: Pick<MessageIssue, 'key' | 'values'>, lang: Language): string {
  return messageText(issue.key, lang, issue.values);
}
