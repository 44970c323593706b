import { z } from 'zod';

/** One field a refused body or query got wrong: where, which message, and the values it names. */
export const errorIssueSchema = z.object({
  path: z.array(z.union([z.string(), z.number()])),
  key: z.string(),
  values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});

/**
 * What every refusal answers (400, 401, 403, 404, 429, 503): a stable `code`, the catalogue `key` of
 * its message where it has one, the message in the caller's language, and per-field issues for
 * a body or query that did not parse. Some refusals add fields (an import's failed rows), so the
 * object is open.
 */
export const errorResponseSchema = z.looseObject({
  code: z.string(),
  key: z.string().optional(),
  message: z.string(),
  issues: z.array(errorIssueSchema).optional(),
});
