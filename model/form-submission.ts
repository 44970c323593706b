import { DEFAULT_FORM_FIELDS, type FormField, type FormType } from './site.ts';
import { formFieldKey, MEMBERSHIP_KEYS } from './form-values.ts';

// The checks live in form-values.ts, which imports no schema code, so the viewer can load them.
export { formFieldKey, validateFormSubmission, type FormCheck } from './form-values.ts';

/**
 * The fields a visitor form shows, sorted by orderNum (V §3): the configured ones, else the
 * spec's defaults. A membership form always keeps email, password and confirmation, since
 * an account cannot be made without them.
 */
export function formFieldsFor(type: FormType, configured: readonly FormField[] | undefined): FormField[] {
  const fields = configured && configured.length > 0 ? [...configured] : [...DEFAULT_FORM_FIELDS[type]];
  if (type === 'MEMBERSHIP_SETTING') {
    const keys = new Set(fields.map(formFieldKey));
    for (const key of MEMBERSHIP_KEYS) {
      if (!keys.has(key)) fields.push(DEFAULT_FORM_FIELDS.MEMBERSHIP_SETTING.find((field) => formFieldKey(field) === key)!);
    }
  }
  return fields.sort((a, b) => a.orderNum - b.orderNum);
}
