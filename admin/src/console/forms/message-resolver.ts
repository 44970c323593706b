import { toNestErrors, validateFieldsNatively } from '@hookform/resolvers';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import type { Language } from '../../../../model/language.ts';
import { messageIssues } from '../../../../model/messages/issues.ts';
import { fieldErrors } from '../i18n/messages.ts';

/**
 * A react-hook-form resolver over a `model/` schema whose messages are keys: each field's first
 * issue becomes its error, rendered in the console's language (`type` is the message key; the
 * language's texts are fetched the first time a form is refused).
 * Issues without a path go to `root`.
 * @example useForm({ resolver: messageResolver(loginInputSchema, lang) })
 */
export function messageResolver<Output extends FieldValues, Input>(schema: z.ZodType<Output, Input>, lang: Language): Resolver<Input & FieldValues, unknown, Output> {
  return async (values, _context, options) => {
    const result = await schema.safeParseAsync(values);
    if (result.success) {
      if (options.shouldUseNativeValidation) validateFieldsNatively({}, options);
      return { values: result.data, errors: {} };
    }
    const errors: FieldErrors = await fieldErrors(messageIssues(result.error.issues, values), lang);
    return { values: {}, errors: toNestErrors(errors, options) };
  };
}
