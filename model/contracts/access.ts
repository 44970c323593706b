import { z } from 'zod';
import { apiKeyInputSchema, apiKeyViewSchema } from '../api-key.ts';
import { domainViewSchema } from '../domain.ts';
import { contract, type Contract } from './contract.ts';
import { change, read } from './policy.ts';

/** API keys (B §2 "API generation"): only a signed-in session manages them, never a key. */
export const apiKeyContracts = {
  listApiKeys: contract({
    method: 'GET',
    path: '/api-key',
    origin: 'admin',
    summary: "The caller's API keys, revoked ones included, newest first; never the keys themselves",
    policy: read('none', { sessionOnly: true }),
    response: z.object({ keys: z.array(apiKeyViewSchema) }),
  }),
  createApiKey: contract({
    method: 'POST',
    path: '/api-key',
    origin: 'admin',
    summary: 'Issue an API key: the answer is the only time the key is shown',
    policy: change('none', { sessionOnly: true }),
    body: apiKeyInputSchema,
    response: z.object({ key: z.string(), apiKey: apiKeyViewSchema }),
    status: 201,
  }),
  revokeApiKey: contract({
    method: 'POST',
    path: '/api-key/:keyId/revoke',
    origin: 'admin',
    summary: 'Revoke an API key: from now on it answers 401',
    policy: change('none', { sessionOnly: true }),
    response: apiKeyViewSchema,
  }),
} satisfies Record<string, Contract>;

/** A site's custom domain (B §2 domain setup stepper, B §4): saved through the site's settings (`customDomain`), verified here. */
export const domainContracts = {
  getSiteDomain: contract({
    method: 'GET',
    path: '/site/:id/domain',
    origin: 'admin',
    summary: 'The custom domain, its state, the DNS records to create and what the last check found',
    policy: read('site'),
    response: z.object({ domain: domainViewSchema.nullable() }),
  }),
  checkSiteDomain: contract({
    method: 'POST',
    path: '/site/:id/domain/check',
    origin: 'admin',
    summary: 'Check the DNS now; a saved or failed domain starts a new 72-hour verification',
    policy: change('site'),
    response: domainViewSchema,
  }),
  removeSiteDomain: contract({
    method: 'DELETE',
    path: '/site/:id/domain',
    origin: 'admin',
    summary: 'Remove the custom domain: the site goes back to its shared address',
    policy: change('site'),
    response: z.object({ removed: z.literal(true) }),
  }),
} satisfies Record<string, Contract>;
