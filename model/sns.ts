import { z } from 'zod';
import { SNS_TYPES } from './sns-types.ts';
import { urlSchema } from './validation.ts';

export { SNS_TYPES } from './sns-types.ts';

export const snsTypeSchema = z.enum(SNS_TYPES);

export type SnsType = z.infer<typeof snsTypeSchema>;

// A phone link carries a number, not a URL; digits with the usual separators, '+' for the country code.
const PHONE = /^\+?[0-9][0-9 ()-]{2,19}$/;

export const snsSchema = z
  .object({
    snsType: snsTypeSchema,
    snsUrl: z.string(),
  })
  .superRefine((sns, ctx) => {
    const ok = sns.snsType === 'phone_number' ? PHONE.test(sns.snsUrl) : urlSchema.safeParse(sns.snsUrl).success;
    if (!ok) {
      ctx.addIssue({
        code: 'custom',
        path: ['snsUrl'],
        message: sns.snsType === 'phone_number' ? 'invalidPhone' : 'invalidUrl',
      });
    }
  });

export type Sns = z.infer<typeof snsSchema>;
