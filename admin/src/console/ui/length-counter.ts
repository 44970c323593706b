import { z } from 'zod';

type Schema = z.core.$ZodType;

/** From this share of the limit on, the counter stays in sight and is read out. */
const NEAR_SHARE = 0.9;

/**
 * Where a text's length stands against its limit: `far` (the counter shows only while the field
 * is focused), `near` (it stays shown and is announced) or `over` (the field is marked invalid;
 * the save refuses it with the schema's own message).
 * @example lengthState(55, 60) // { state: 'near' }
 */
export function lengthState(length: number, max: number): { state: 'far' | 'near' | 'over' } {
  if (length > max) return { state: 'over' };
  return { state: length >= Math.max(1, Math.floor(max * NEAR_SHARE)) ? 'near' : 'far' };
}

/**
 * The longest text a schema takes at `path` (`buttons.0.buttonText`), read from its `.max()`
 * through defaults, optionals, unions with '' and refinements; undefined when it sets none.
 * The limit shown is the one the save enforces, never a copy of the number.
 * @example maxLengthAt(z.object({ a: z.string().max(5).default('') }), 'a') // 5
 */
export function maxLengthAt(schema: Schema, path: string): number | undefined {
  let current: Schema | undefined = schema;
  for (const segment of path.split('.')) {
    current = unwrap(current);
    if (current instanceof z.ZodObject) current = current.shape[segment];
    else if (current instanceof z.ZodArray && /^\d+$/.test(segment)) current = current.element;
    else return undefined;
  }
  return current ? maxLengthOf(current) : undefined;
}

function unwrap(schema: Schema | undefined): Schema | undefined {
  let current = schema;
  while (current) {
    if (current instanceof z.ZodDefault || current instanceof z.ZodPrefault || current instanceof z.ZodOptional || current instanceof z.ZodNullable) current = current.unwrap();
    else if (current instanceof z.ZodPipe) current = current.in;
    else return current;
  }
  return current;
}

function maxLengthOf(schema: Schema): number | undefined {
  const inner = unwrap(schema);
  if (inner instanceof z.ZodString) return inner.maxLength ?? undefined;
  if (inner instanceof z.ZodUnion) {
    const limits = inner.options.map(maxLengthOf).filter((max): max is number => max !== undefined);
    return limits.length ? Math.max(...limits) : undefined;
  }
  return undefined;
}
