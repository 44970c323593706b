import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import type { Language } from '../../../../model/language.ts';
import { schemaResolver } from '../ui/schema-resolver.ts';

/**
 * A react-hook-form resolver over a `model/` schema whose messages are keys, for a form whose
 * values are the schema's input as they are: `schemaResolver` with nothing laid over them. Each
 * field's first issue becomes its error, rendered in the console's language.
 * @example useForm({ resolver: messageResolver(loginInputSchema, lang) })
 */
export function messageResolver<Output extends FieldValues, Input>(schema: z.ZodType<Output, Input>, lang: Language): Resolver<Input & FieldValues, unknown, Output> {
  return schemaResolver(schema, (values: Input & FieldValues) => values, lang);
}
