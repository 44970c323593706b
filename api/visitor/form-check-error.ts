import type { FormCheck } from '../../model/form-submission.ts';
import { formFieldKey } from '../../model/form-submission.ts';
import { formFieldLabel } from '../../model/form-field-label.ts';
import type { Language } from '../../model/language.ts';
import type { FormField } from '../../model/site.ts';
import { AppError } from '../http/errors.ts';

/**
 * A failed form check as a 400 in the visitor's language: its issue names the field's key (so a
 * form can show it beside the field), its message starts with the field's title.
 */
export function formCheckError(fields: readonly FormField[], check: Extract<FormCheck, { ok: false }>, lang: Language): AppError {
  const field = fields.find((each) => formFieldKey(each) === check.field);
  const title = field ? formFieldLabel(field, lang) : check.field;
  return new AppError('validation', check.problem, { subject: title, lang, issues: [{ path: [check.field], key: check.problem, values: {} }] });
}
