import { Hono } from 'hono';
import { createSubAdminInputSchema, updateSubAdminInputSchema } from '../../model/account.ts';
import type { Db } from '../db/open-database.ts';
import type { AppEnv } from '../env.ts';
import type { Mailer } from '../mail/mailer.ts';
import { createSubAdmin, deleteSubAdmin, listAdmins, updateSubAdmin } from './admin-list.ts';
import { inviteUsers } from './create-users.ts';
import { findAccount } from './find-account.ts';

/** The admin list of the caller's account (spec §2 admin-list, §7 /sub-admin). Only its main contact changes it. */
export function subAdminRoutes(deps: { db: Db; mailer: Mailer; adminOrigin: string }) {
  const { db, mailer, adminOrigin } = deps;
  const tenantOf = (accountId: string) => findAccount(db, accountId)!;
  return new Hono<AppEnv>()
    .get('/', (c) => c.json({ admins: listAdmins(db, tenantOf(c.get('account').tenantId)) }))
    .post('/', async (c) => {
      const tenant = tenantOf(c.get('account').tenantId);
      const member = createSubAdmin(db, tenant, createSubAdminInputSchema.parse(await c.req.json()), c.get('account').id);
      await inviteUsers(db, mailer, adminOrigin, [member]);
      return c.json({ admins: listAdmins(db, tenant) }, 201);
    })
    .put('/:id', async (c) => {
      const tenant = tenantOf(c.get('account').tenantId);
      updateSubAdmin(db, tenant, c.req.param('id'), updateSubAdminInputSchema.parse(await c.req.json()));
      return c.json({ admins: listAdmins(db, tenant) });
    })
    .delete('/:id', (c) => {
      const tenant = tenantOf(c.get('account').tenantId);
      deleteSubAdmin(db, tenant, c.req.param('id'));
      return c.json({ admins: listAdmins(db, tenant) });
    });
}
