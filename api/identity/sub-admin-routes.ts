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
  const tenantOf = (accountId: string) => findAccount(db, accountId)!;
  const app = new Hono<AppEnv>();
  route(app, contracts.listAdmins, ({ account }) => ({ admins: listAdmins(db, tenantOf(account.tenantId)) }));
  route(app, contracts.addSubAdmin, async ({ account, body }) => {
    const tenant = tenantOf(account.tenantId);
    const { invited, registeredElsewhere } = createSubAdmin(db, tenant, body, account.id);
    if (registeredElsewhere) await sendAddressNotice(mailer, { to: body.email, inviter: tenant.companyName || tenant.email });
    else await inviteUsers(db, mailer, adminOrigin, [invited]);
    return { admins: listAdmins(db, tenant) };
  });
  route(app, contracts.updateSubAdmin, ({ account, params, body }) => {
    const tenant = tenantOf(account.tenantId);
    updateSubAdmin(db, tenant, params.id, body);
    return { admins: listAdmins(db, tenant) };
  });
  route(app, contracts.removeSubAdmin, ({ account, params }) => {
    const tenant = tenantOf(account.tenantId);
    deleteSubAdmin(db, tenant, params.id);
    return { admins: listAdmins(db, tenant) };
  });
  return app;
}
