import type { FieldError } from 'react-hook-form';
import type { Language } from '../../../../model/language.ts';
import type { MessageIssue } from '../../../../model/messages/issues.ts';
import type { MessageKey, MessageValues } from '../../../../model/messages/keys.ts';
import { tableText, type MessageTable } from '../../../../model/messages/table.ts';

/**
 * The shared messages (model/messages: refusals, schema rules) one language at a time: each
 * language file is its own chunk, fetched the first time a text of that language is needed (a
 * refusal to show, a form's field errors, a screen's hint) or when the console switches to it. The
 * login screen's first load carries none of them (about 3.5 KB gzipped each).
 */
const LOADERS: Readonly<Record<Language, () => Promise<MessageTable>>> = {
  en: async () => (await import('../../../../model/messages/en.ts')).en,
  jp: async () => (await import('../../../../model/messages/jp.ts')).jp,
  cn: async () => (await import('../../../../model/messages/cn.ts')).cn,
  kr: async () => (await import('../../../../model/messages/kr.ts')).kr,
};

const loading = new Map<Language, Promise<MessageTable>>();

/** A language's texts, fetched once (a failed fetch is tried again at the next ask). */
export function loadMessages(lang: Language): Promise<MessageTable> {
  let pending = loading.get(lang);
  if (!pending) {
    pending = LOADERS[lang]();
    loading.set(lang, pending);
    pending.catch(() => loading.delete(lang));
  }
  return pending;
}

/** A language's texts, or undefined when they cannot be fetched (no connection): the caller words its message otherwise. */
export function messagesIfAny(lang: Language): Promise<MessageTable | undefined> {
  return loadMessages(lang).catch(() => undefined);
}

/**
 * A message by key in a language, once that language's texts are here.
 * @example await messageIn('jp', 'invalidColour')
 */
export async function messageIn(lang: Language, key: MessageKey, values?: MessageValues): Promise<string> {
  return tableText(await loadMessages(lang), key, values);
}

/**
 * A form's errors from its issues: each field's first, by its dotted path (`root` without one),
 * worded in the console's language (`type` is the message key; the key stands in for its text
 * when the texts cannot be fetched).
 */
export async function fieldErrors(issues: readonly MessageIssue[], lang: Language): Promise<Record<string, FieldError>> {
  if (issues.length === 0) return {};
  const texts = await messagesIfAny(lang);
  const errors: Record<string, FieldError> = {};
  for (const issue of issues) {
    const name = issue.path.length > 0 ? issue.path.join('.') : 'root';
    errors[name] ??= { type: issue.key, message: texts ? tableText(texts, issue.key, issue.values) : issue.key };
  }
  return errors;
}
