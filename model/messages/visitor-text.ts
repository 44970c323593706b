import type { Language } from '../language.ts';
import { visitorCn } from './cn.ts';
import { visitorEn } from './en.ts';
import { fillPlaceholders } from './fill.ts';
import { visitorJp } from './jp.ts';
import type { MessageValues, VisitorMessageKey } from './keys.ts';
import { visitorKr } from './kr.ts';

// Only the visitor tables: the viewer bundles this file, never the back office's texts.
const VISITOR: Readonly<Record<Language, Readonly<Record<VisitorMessageKey, string>>>> = { en: visitorEn, jp: visitorJp, cn: visitorCn, kr: visitorKr };

/**
 * A visitor message in a language, `{name}` placeholders filled.
 * @example visitorText('invalidEmail', 'jp') // 'メールアドレスの形式が正しくありません。'
 */
export function visitorText(key: VisitorMessageKey, lang: Language, values?: MessageValues): string {
  return fillPlaceholders(VISITOR[lang][key], values);
}

/** Whether a value (an error body's `key`, say) is a key the viewer has texts for. */
export function isVisitorMessageKey(value: unknown): value is VisitorMessageKey {
  return typeof value === 'string' && Object.hasOwn(visitorEn, value);
}
