import type { SessionAccount } from './auth/sessions.ts';

/** What middleware puts on the request context: one typed home for it. */
export type AppEnv = { Variables: { account: SessionAccount; sessionToken: string } };
