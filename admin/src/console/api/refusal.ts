import type { Language } from '../../../../model/language.ts';
import { tableText } from '../../../../model/messages/table.ts';
import { messagesIfAny } from '../i18n/messages.ts';
import { ApiError } from './client.ts';

/**
 * After a quiet call failed: puts a refusal whose issue names one of `fields` beside that field
 * (in the console's language, whose texts the refusal fetched already), and answers the text to
 * toast otherwise (null when placed, or when there was no answer at all, already toasted).
 */
export async function placeRefusal<F extends string>(
  error: unknown,
  fields: readonly F[],
  setError: (field: F, error: { type: string; message: string }) => void,
  lang: Language,
): Promise<string | null> {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : null;
  if (error.status === 0) return null;
  const isField = (step: unknown): step is F => (fields as readonly unknown[]).includes(step);
  const issue = error.issues.find((each) => isField(each.path[0]));
  const field = issue?.path[0];
  if (!issue || !isField(field)) return error.message;
  const texts = await messagesIfAny(lang);
  if (!texts) return error.message;
  setError(field, { type: issue.key, message: tableText(texts, issue.key, issue.values) });
  return null;
}
