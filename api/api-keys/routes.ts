import { Hono } from 'hono';
import { apiKeyContracts as contracts } from '../../model/contracts/access.ts';
import type { Db } from '../db/open-database.ts';
import type { AppEnv } from '../http/env.ts';
import { route } from '../http/route.ts';
import { issueApiKey } from './issue-api-key.ts';
import { listApiKeys } from './list-api-keys.ts';
import { revokeApiKey } from './revoke-api-key.ts';

/** The signed-in account's API keys (B §2 API generation dialog). */
export function apiKeyRoutes(deps: { db: Db }) {
  const { db } = deps;
  const app = new Hono<AppEnv>();
  route(app, contracts.listApiKeys, async ({ account }) => ({ keys: await listApiKeys(db, account.id) }));
  route(app, contracts.createApiKey, async ({ account, body }) => await issueApiKey(db, account.id, body));
  route(app, contracts.revokeApiKey, async ({ account, params }) => await revokeApiKey(db, account.id, params.keyId));
  return app;
}
