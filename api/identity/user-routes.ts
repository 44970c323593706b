import { Hono } from 'hono';
import { USER_API_PREFIXES } from '../../model/account.ts';
import { identityContracts as contracts, prefixedUsers } from '../../model/contracts/identity.ts';
import type { Db } from '../db/open-database.ts';
import type { AppEnv } from '../http/env.ts';
import { route } from '../http/route.ts';
import { uploadedFile } from '../http/uploaded-file.ts';
import type { Mailer } from '../mail/mailer.ts';
import { changeContractState, listContractHistory } from './change-contract-state.ts';
import { createUser, inviteUsers } from './create-users.ts';
import { findAccount } from './find-account.ts';
import { assertCsvFile, importUsers } from './import-users.ts';
import { listUsers } from './list-users.ts';
import { updateUser } from './update-user.ts';
import { toUserView } from './user-view.ts';

/**
 * Users and their contracts (spec §2 user list and detail, §7 /user and /{master,oem-master,oem-admin}/user).
 * The authorize middleware has already checked the caller and put the target account on the context.
 */
export function userRoutes(deps: { db: Db; mailer: Mailer; adminOrigin: string }) {
  const { db, mailer, adminOrigin } = deps;
  const app = new Hono<AppEnv>();
  route(app, contracts.listUsers, ({ account, query }) => listUsers(db, account, query));
  route(app, contracts.getUser, ({ targetAccount }) => ({ user: toUserView(targetAccount) }));
  route(app, contracts.updateUser, ({ account, targetAccount, body }) => ({ user: toUserView(updateUser(db, targetAccount, body, account.id)) }));
  route(app, contracts.changeContractState, ({ targetAccount, account, body }) => {
    const user = changeContractState(db, targetAccount, body.state, account.id, body.note);
    return { user: toUserView(user), history: listContractHistory(db, user.id) };
  });
  for (const prefix of USER_API_PREFIXES) {
    const users = prefixedUsers[prefix];
    route(app, users.create, async ({ account, targetAccount, body }) => {
      const user = await createUser(db, account, targetAccount, body);
      await inviteUsers(db, mailer, adminOrigin, [user]);
      return { user: toUserView(user) };
    });
    route(app, users.import, async ({ c, account }) => {
      const file = await uploadedFile(c, users.import.body.field);
      const bytes = new Uint8Array(await file.arrayBuffer());
      const csv = assertCsvFile(file, bytes);
      const imported = await importUsers(db, account, findAccount(db, account.tenantId)!, csv);
      const invitationsFailed = await inviteUsers(db, mailer, adminOrigin, imported);
      return { imported: imported.length, users: imported.map(toUserView), invitationsFailed };
    });
    route(app, users.get, ({ targetAccount }) => ({ user: toUserView(targetAccount) }));
    route(app, users.history, ({ targetAccount }) => ({ history: listContractHistory(db, targetAccount.id) }));
  }
  return app;
}
