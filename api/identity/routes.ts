import { Hono } from 'hono';
import type { Db } from '../db/open-database.ts';
import { plans } from '../db/schema-identity.ts';
import type { AppEnv } from '../env.ts';
import type { Mailer } from '../mail/mailer.ts';
import { subAdminRoutes } from './sub-admin-routes.ts';
import { userRoutes } from './user-routes.ts';

/** The back-office identity calls beside /auth: plans, users and contracts, admin lists. */
export function identityRoutes(deps: { db: Db; mailer: Mailer; adminOrigin: string }) {
  return new Hono<AppEnv>()
    .get('/plan', (c) => c.json({ plans: deps.db.select().from(plans).orderBy(plans.price, plans.id).all() }))
    .route('/', userRoutes(deps))
    .route('/sub-admin', subAdminRoutes(deps));
}
