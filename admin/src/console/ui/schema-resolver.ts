import { toNestErrors } from '@hookform/resolvers';
import type { FieldError, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A form resolver that checks `toInput(values)` with a model schema and answers the schema's
 * output as the valid values, each issue on the field its path names. Unlike zodResolver it types
 * the form's values and the valid values apart, so a form over part of a larger object (the
 * settings a tab edits, laid over the stored ones) needs no cast.
 * @example useForm<Form, unknown, SiteSettings>({ resolver: schemaResolver(siteSettingsSchema, (form: Form) => ({ ...stored, ...form })) })
 */
export function schemaResolver<Values extends FieldValues, Valid extends FieldValues>(schema: z.ZodType<Valid>, toInput: (values: Values) => unknown): Resolver<Values, unknown, Valid> {
  return (values, _context, options) => {
    const parsed = schema.safeParse(toInput(values));
    if (parsed.success) return { values: parsed.data, errors: {} };
    const errors: Record<string, FieldError> = {};
    for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= { type: issue.code, message: issue.message };
    return { values: {}, errors: toNestErrors(errors, options) };
  };
}
