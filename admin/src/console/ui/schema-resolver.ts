import { toNestErrors } from '@hookform/resolvers';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import type { Language } from '../../../../model/language.ts';
import { messageIssues } from '../../../../model/messages/issues.ts';
import { fieldErrors } from '../i18n/messages.ts';

/**
 * A form resolver that checks `toInput(values)` with a model schema and answers the schema's
 * output as the valid values, each issue on the field its path names, rendered from its message
 * key in the console's language. Unlike zodResolver it types the form's values and the valid
 * values apart, so a form over part of a larger object (the settings a tab edits, laid over the
 * stored ones) needs no cast.
 * @example useForm<Form, unknown, SiteSettings>({ resolver: schemaResolver(siteSettingsSchema, (form: Form) => ({ ...stored, ...form }), lang) })
 */
export function schemaResolver<Values extends FieldValues, Valid extends FieldValues>(
  schema: z.ZodType<Valid>,
  toInput: (values: Values) => unknown,
  lang: Language,
): Resolver<Values, unknown, Valid> {
  return async (values, _context, options) => {
    const input = toInput(values);
    const parsed = schema.safeParse(input);
    if (parsed.success) return { values: parsed.data, errors: {} };
    const errors = await fieldErrors(messageIssues(parsed.error.issues, input), lang);
    return { values: {}, errors: toNestErrors(errors, options) };
  };
}
