import type { FormCheck } from '../../model/form-submission.ts';
import { formFieldKey } from '../../model/form-submission.ts';
import type { Language } from '../../model/language.ts';
import type { FormField } from '../../model/site.ts';
import { visitorMessage } from '../../model/visitor-messages.ts';
import { AppError } from '../errors.ts';

/** A failed form check as a 400 whose message starts with the field's title, so a form can show it beside the field. */
export function formCheckError(fields: readonly FormField[], check: Extract<FormCheck, { ok: false }>, lang: Language): AppError {
  const title = fields.find((field) => formFieldKey(field) === check.field)?.title ?? check.field;
  const message = visitorMessage(check.problem, lang);
  return new AppError('validation', title ? `${title}: ${message}` : message);
}
