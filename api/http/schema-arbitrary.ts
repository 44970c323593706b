import fc from 'fast-check';

/**
 * fast-check arbitraries made from a JSON Schema (draft 2020-12, as zod's `toJSONSchema` writes
 * it), for the fuzz tests: values shaped like what an endpoint reads. It covers the vocabulary
 * zod emits (types, bounds, formats, patterns, enums, unions, `$ref` to `$defs`); what it does not
 * know becomes any JSON value. Shaped is not valid: refinements the schema cannot say are left
 * to chance, which is what a fuzz wants.
 */
type Schema = Record<string, unknown>;

const MAX_DEPTH = 4;
const MAX_ITEMS = 4;

const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);
const numberOf = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

/** One UTF-16 code unit, as zod counts lengths: mostly ASCII, now and then Japanese, quotes, markup, a NUL. */
const CHARACTER = fc.oneof({ weight: 4, arbitrary: fc.string({ minLength: 1, maxLength: 1 }) }, { weight: 1, arbitrary: fc.constantFrom('あ', '日', 'ü', '"', '\\', '<', '&', '\u0000', ' ') });

/** Any JSON value, small. */
export const anyJson = (): fc.Arbitrary<unknown> => fc.jsonValue({ maxDepth: 2 });

/** An arbitrary of the values `schema` describes; `root` holds the `$defs` its `$ref`s point to. */
export function arbitraryOf(schema: unknown, root: unknown = schema, depth = 0): fc.Arbitrary<unknown> {
  if (!isSchema(schema)) return schema === false ? fc.constant(null) : anyJson();
  // A recursive schema ends in empty arrays (below); this only stops one that cannot end.
  if (depth > MAX_DEPTH * 3) return fc.constant(null);
  if (typeof schema.$ref === 'string') return arbitraryOf(resolve(schema.$ref, root), root, depth + 1);
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum) && schema.enum.length) return fc.constantFrom(...schema.enum);
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = schema[key];
    if (Array.isArray(options) && options.length) return fc.oneof(...options.map((option) => arbitraryOf(option, root, depth + 1)));
  }
  if (Array.isArray(schema.allOf) && schema.allOf.length) return arbitraryOf(schema.allOf[0], root, depth + 1);
  const { type } = schema;
  if (Array.isArray(type)) return fc.oneof(...type.map((one) => arbitraryOf({ ...schema, type: one }, root, depth)));
  switch (type) {
    case 'string':
      return stringOf(schema);
    case 'integer': {
      const min = Math.max(numberOf(schema.minimum) ?? -1_000, (numberOf(schema.exclusiveMinimum) ?? -Infinity) + 1, -1_000_000);
      const max = Math.min(numberOf(schema.maximum) ?? 1_000, (numberOf(schema.exclusiveMaximum) ?? Infinity) - 1, 1_000_000);
      return min <= max ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) }) : fc.integer();
    }
    case 'number': {
      const min = numberOf(schema.minimum) ?? numberOf(schema.exclusiveMinimum) ?? -1_000;
      const max = numberOf(schema.maximum) ?? numberOf(schema.exclusiveMaximum) ?? 1_000;
      return fc.double({ min: Math.min(min, max), max: Math.max(min, max), noNaN: true, noDefaultInfinity: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = Math.min(numberOf(schema.minItems) ?? 0, MAX_ITEMS);
      const maxLength = Math.max(minLength, Math.min(numberOf(schema.maxItems) ?? MAX_ITEMS, MAX_ITEMS));
      if (depth >= MAX_DEPTH && minLength === 0) return fc.constant([]);
      if (Array.isArray(schema.prefixItems)) return fc.tuple(...schema.prefixItems.map((item) => arbitraryOf(item, root, depth + 1)));
      return fc.array(arbitraryOf(schema.items ?? {}, root, depth + 1), { minLength, maxLength });
    }
    case 'object':
      return objectOf(schema, root, depth);
    default:
      return anyJson();
  }
}

function stringOf(schema: Schema): fc.Arbitrary<string> {
  const minLength = numberOf(schema.minLength) ?? 0;
  const maxLength = Math.max(minLength, Math.min(numberOf(schema.maxLength) ?? 24, minLength + 40));
  // The pattern first: zod writes one beside most formats, and it is what zod checks.
  if (typeof schema.pattern === 'string') {
    try {
      const matching = fc.stringMatching(new RegExp(schema.pattern));
      // Only bounds the schema states: a default one could refuse every match (a uuid is 36 long).
      const bounded = schema.minLength !== undefined || schema.maxLength !== undefined;
      return bounded ? matching.filter((text) => text.length >= minLength && text.length <= (numberOf(schema.maxLength) ?? Infinity)) : matching;
    } catch {
      // A pattern JavaScript cannot read (or fast-check cannot generate from) is left to chance.
    }
  }
  switch (schema.format) {
    case 'email':
      return fc.emailAddress();
    case 'date-time':
      return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((date) => date.toISOString());
    case 'date':
      return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10));
    case 'uuid':
      return fc.uuid();
    case 'uri':
    case 'url':
      return fc.webUrl();
  }
  return fc.string({ minLength, maxLength, unit: CHARACTER });
}

function objectOf(schema: Schema, root: unknown, depth: number): fc.Arbitrary<unknown> {
  const properties = isSchema(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required.filter((key): key is string => typeof key === 'string') : [];
  const model = Object.fromEntries(Object.entries(properties).map(([key, property]) => [key, arbitraryOf(property, root, depth + 1)]));
  if (Object.keys(model).length === 0)
    return isSchema(schema.additionalProperties) ? fc.dictionary(fc.string({ maxLength: 8 }), arbitraryOf(schema.additionalProperties, root, depth + 1), { maxKeys: 3 }) : fc.constant({});
  return fc.record(model, { requiredKeys: required.filter((key) => key in model) });
}

function resolve(ref: string, root: unknown): unknown {
  if (ref === '#') return root;
  if (!ref.startsWith('#/')) return {};
  return ref
    .slice(2)
    .split('/')
    .reduce<unknown>((node, part) => (isSchema(node) ? node[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined), root);
}

/** A value of the wrong kind for `schema`'s top level: what a client with a bug sends. */
export function wrongTypeOf(schema: unknown): fc.Arbitrary<unknown> {
  const type = isSchema(schema) ? schema.type : undefined;
  const kinds: Record<string, fc.Arbitrary<unknown>> = {
    string: fc.string(),
    number: fc.double(),
    integer: fc.integer(),
    boolean: fc.boolean(),
    null: fc.constant(null),
    array: fc.array(anyJson(), { maxLength: 3 }),
    object: fc.dictionary(fc.string({ maxLength: 6 }), anyJson(), { maxKeys: 3 }),
  };
  const others = Object.entries(kinds).filter(([kind]) => kind !== type && !(Array.isArray(type) && type.includes(kind)));
  return fc.oneof(...others.map(([, arbitrary]) => arbitrary));
}
