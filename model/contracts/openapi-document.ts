import { z } from 'zod';

/**
 * A JSON Schema (draft 2020-12) or an OpenAPI object inside the document. Opaque on purpose: its
 * keys are the JSON Schema vocabulary, which the document passes through as zod wrote it.
 */
const jsonObjectSchema = z.record(z.string(), z.unknown());

const serverSchema = z.object({
  url: z.string(),
  description: z.string().optional(),
  variables: z.record(z.string(), z.object({ default: z.string(), description: z.string().optional() })).optional(),
});

/** The top of an OpenAPI 3.1 document as `/api/openapi.json` answers it. */
export const openApiDocumentSchema = z.object({
  openapi: z.literal('3.1.0'),
  info: z.object({ title: z.string(), version: z.string(), description: z.string().optional() }),
  jsonSchemaDialect: z.string(),
  servers: z.array(serverSchema),
  tags: z.array(z.object({ name: z.string(), description: z.string().optional() })),
  paths: z.record(z.string(), jsonObjectSchema),
  components: z.object({
    schemas: z.record(z.string(), jsonObjectSchema),
    responses: z.record(z.string(), jsonObjectSchema),
    securitySchemes: z.record(z.string(), jsonObjectSchema),
  }),
});

export type OpenApiDocument = z.infer<typeof openApiDocumentSchema>;
export type OpenApiServer = z.infer<typeof serverSchema>;
