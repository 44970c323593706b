import { Hono } from 'hono';
import { identityContracts as contracts } from '../../model/contracts/identity.ts';
import type { Db } from '../db/open-database.ts';
import type { AppEnv } from '../http/env.ts';
import { route } from '../http/route.ts';
import type { Mailer } from '../mail/mailer.ts';
import { createSubAdmin, deleteSubAdmin, listAdmins, updateSubAdmin } from './admin-list.ts';
import { inviteUsers } from './create-users.ts';
import { findAccount } from './find-account.ts';
import { sendAddressNotice } from './send-address-notice.ts';

/** The admin list of the caller's account (spec §2 admin-list, §7 /sub-admin). Only its main contact changes it. */
export function subAdminRoutes(deps: { db: Db; mailer: Mailer; adminOrigin: string }) {
  const { db, mailer, adminOrigin } = deps;
  const tenantOf = async (accountId: string) => (await findAccount(db, accountId))!;
  const app = new Hono<AppEnv>();
  route(app, contracts.listAdmins, async ({ account }) => ({ admins: await listAdmins(db, await tenantOf(account.tenantId)) }));
  route(app, contracts.addSubAdmin, async ({ account, body }) => {
    const tenant = await tenantOf(account.tenantId);
    const { invited, registeredElsewhere } = await createSubAdmin(db, tenant, body, account.id);
    if (registeredElsewhere) await sendAddressNotice(mailer, { to: body.email, inviter: tenant.companyName || tenant.email });
    else await inviteUsers(db, mailer, adminOrigin, [invited]);
    return { admins: await listAdmins(db, tenant) };
  });
  route(app, contracts.updateSubAdmin, async ({ account, params, body }) => {
    const tenant = await tenantOf(account.tenantId);
    await updateSubAdmin(db, tenant, params.id, body);
    return { admins: await listAdmins(db, tenant) };
  });
  route(app, contracts.removeSubAdmin, async ({ account, params }) => {
    const tenant = await tenantOf(account.tenantId);
    await deleteSubAdmin(db, tenant, params.id);
    return { admins: await listAdmins(db, tenant) };
  });
  return app;
}
