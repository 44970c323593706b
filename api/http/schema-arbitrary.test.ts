import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { arbitraryOf, wrongTypeOf } from './schema-arbitrary.ts';

const jsonSchemaOf = (schema: z.ZodType) => z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' });

type Node = { name: string; children: Node[] };
const node: z.ZodType<Node> = z.object({
  name: z.string().min(1).max(10),
  get children() {
    return z.array(node).max(2);
  },
});

const SCHEMAS: Record<string, z.ZodType> = {
  object: z.object({ name: z.string().min(1).max(40), count: z.number().int().min(1).max(12), ratio: z.number().min(0).max(1), on: z.boolean(), note: z.string().nullable().optional() }),
  formats: z.object({ email: z.email(), at: z.iso.datetime(), id: z.uuid(), colour: z.string().regex(/^#[0-9a-f]{6}$/) }),
  choices: z.object({ kind: z.enum(['SINGLE', 'MULTIPLE']), fixed: z.literal('yes'), either: z.union([z.string().max(3), z.number().int()]) }),
  collections: z.object({ tags: z.array(z.string().max(8)).min(1).max(3), scores: z.record(z.string(), z.number().int()) }),
  recursive: node,
};

describe('arbitraries from JSON Schema', () => {
  it.each(Object.entries(SCHEMAS))('makes values the %s schema accepts', (_name, schema) => {
    fc.assert(
      fc.property(arbitraryOf(jsonSchemaOf(schema)), (value) => {
        expect(schema.safeParse(value).error?.issues ?? []).toEqual([]);
      }),
      { seed: 1, numRuns: 200 },
    );
  });

  it('makes values of the wrong type', () => {
    const schema = z.object({ name: z.string() });
    fc.assert(
      fc.property(wrongTypeOf(jsonSchemaOf(schema)), (value) => schema.safeParse(value).success === false),
      { seed: 1, numRuns: 100 },
    );
  });
});
