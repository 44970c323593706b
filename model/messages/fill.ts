import type { MessageValues } from './keys.ts';

/**
 * A text with its `{name}` placeholders filled; a placeholder without a value stays as written.
 * @example fillPlaceholders('{file} - File size exceeds the {max}MB limit', { file: 'a.mp4', max: 30 }) // 'a.mp4 - File size exceeds the 30MB limit'
 */
export function fillPlaceholders(text: string, values: MessageValues = {}): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? String(values[name]) : whole));
}
