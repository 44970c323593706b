import type { core } from 'zod';
import { isMessageKey, type MessageKey } from './keys.ts';

/** One refusal of one field, as it travels in an error body's `issues` and reaches a form. */
export type MessageIssue = { path: (string | number)[]; key: MessageKey; values: Record<string, string | number> };

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const step of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[step];
  }
  return value;
}

const BOUND_KEYS = {
  too_big: { string: 'textTooLong', number: 'numberTooLarge', array: 'tooManyItems' },
  too_small: { string: 'textTooShort', number: 'numberTooSmall', array: 'tooFewItems' },
} as const satisfies Record<string, Record<string, MessageKey>>;

const FORMAT_KEYS: Readonly<Record<string, MessageKey>> = { email: 'invalidEmail', url: 'invalidUrl', datetime: 'invalidDate', date: 'dateFormat' };

function boundKind(origin: string): 'string' | 'number' | 'array' | null {
  if (origin === 'string') return 'string';
  if (origin === 'number' || origin === 'int' || origin === 'bigint') return 'number';
  if (origin === 'array' || origin === 'set') return 'array';
  return null;
}

/** The values a rule's text may name: a custom issue's params, a bound's min or max. */
function valuesOf(issue: core.$ZodIssue): Record<string, string | number> {
  switch (issue.code) {
    case 'too_big':
      return { max: Number(issue.maximum) };
    case 'too_small':
      return { min: Number(issue.minimum) };
    case 'unrecognized_keys':
      return { keys: issue.keys.join(', ') };
    case 'custom': {
      const values: Record<string, string | number> = {};
      for (const [name, value] of Object.entries(issue.params ?? {})) if (typeof value === 'string' || typeof value === 'number') values[name] = value;
      return values;
    }
    default:
      return {};
  }
}

/** The key of an issue whose message is not one of ours: by zod's code, origin and format. */
function keyByCode(issue: core.$ZodIssue, input: unknown, hasInput: boolean): MessageKey {
  switch (issue.code) {
    case 'invalid_type':
      if (hasInput && valueAt(input, issue.path) === undefined) return 'requiredFields';
      return issue.expected === 'int' ? 'wholeNumber' : 'invalidValue';
    case 'too_big':
    case 'too_small': {
      const kind = boundKind(issue.origin);
      if (kind === null) return 'invalidValue';
      if (issue.code === 'too_small' && kind === 'string' && Number(issue.minimum) === 1) return 'requiredFields';
      return BOUND_KEYS[issue.code][kind];
    }
    case 'invalid_format':
      return FORMAT_KEYS[issue.format] ?? 'invalidFormat';
    case 'unrecognized_keys':
      return 'unknownField';
    default:
      return 'invalidValue';
  }
}

/**
 * Zod's issues as message issues: the issue's message when it is a key (the schemas of `model/`
 * carry keys), else a key chosen by the issue's code (`too_big` on a string → `textTooLong` with
 * `{max}`); values from the issue (bounds, a custom issue's params). Given the parsed `input`, a
 * missing value (`invalid_type` on undefined) reads `requiredFields`.
 * @example messageIssues(requiredText(5).safeParse('abcdef').error!.issues) // [{ path: [], key: 'textTooLong', values: { max: 5 } }]
 */
export function messageIssues(issues: readonly core.$ZodIssue[], ...input: [] | [unknown]): MessageIssue[] {
  return issues.map((issue) => ({
    path: issue.path.map((step) => (typeof step === 'number' ? step : String(step))),
    key: isMessageKey(issue.message) ? issue.message : keyByCode(issue, input[0], input.length > 0),
    values: valuesOf(issue),
  }));
}
