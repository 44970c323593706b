import { fillPlaceholders } from './fill.ts';
import type { MessageKey, MessageValues } from './keys.ts';

/** One language's texts, a text per key: what each of `en.ts`, `jp.ts`, `cn.ts` and `kr.ts` exports. */
export type MessageTable = Readonly<Record<MessageKey, string>>;

/**
 * A message from one language's table, `{name}` placeholders filled. For a client that holds only
 * its own language's texts (the console loads one table, on demand); the API, which answers in
 * any of the four, uses `messageText` (text.ts).
 * @example tableText(en, 'csvTooLarge', { file: 'users.csv' }) // 'users.csv - File size exceeds the 5MB limit'
 */
export function tableText(table: MessageTable, key: MessageKey, values?: MessageValues): string {
  return fillPlaceholders(table[key], values);
}
