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

/**
 * After a quiet call of a form with nested fields failed: puts every issue whose path names one
 * of the form's fields (`isField('buttons.0.linkDestinationUrl')`) beside that field, the first
 * focused, and answers the text to toast when none could be placed (null when all were, or when
 * there was no answer at all, already toasted).
 */
export async function placeRefusalIssues(
  error: unknown,
  isField: (path: string) => boolean,
  setError: (path: string, error: { type: string; message: string }, focus: boolean) => void,
  lang: Language,
): Promise<string | null> {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : null;
  if (error.status === 0) return null;
  const placed = error.issues.map((issue) => ({ issue, path: issue.path.join('.') })).filter(({ path }) => path !== '' && isField(path));
  if (placed.length === 0) return error.message;
  const texts = await messagesIfAny(lang);
  if (!texts) return error.message;
  for (const [index, { issue, path }] of placed.entries()) setError(path, { type: issue.key, message: tableText(texts, issue.key, issue.values) }, index === 0);
  return null;
}
