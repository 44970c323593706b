import { Hono } from 'hono';
import { USER_API_PREFIXES } from '../../model/account.ts';
import { identityContracts as contracts, prefixedUsers } from '../../model/contracts/identity.ts';
import type { Db } from '../db/open-database.ts';
import type { AppEnv } from '../http/env.ts';
import { AppError } from '../http/errors.ts';
import { route } from '../http/route.ts';
import { receiveUpload } from '../http/uploaded-file.ts';
import type { Mailer } from '../mail/mailer.ts';
import { changeContractState, listContractHistory } from './change-contract-state.ts';
import { createUser, inviteUsers } from './create-users.ts';
import { findAccount, type AccountRow } from './find-account.ts';
import { assertCsvFile, importUsers } from './import-users.ts';
import { listUsers } from './list-users.ts';
import { storageUse } from './storage-use.ts';
import { updateUser } from './update-user.ts';
import { toUserView } from './user-view.ts';

/**
 * Users and their contracts (spec §2 user list and detail, §7 /user and /{master,oem-master,oem-admin}/user).
 * The authorize middleware has already checked the caller and put the target account on the context.
 */
export function userRoutes(deps: { db: Db; mailer: Mailer; adminOrigin: string; onPlanChanged?: (accountId: string) => Promise<void> }) {
  const { db, mailer, adminOrigin } = deps;
  const app = new Hono<AppEnv>();
  route(app, contracts.listUsers, async ({ account, query }) => await listUsers(db, account, query));
  route(app, contracts.getUser, async ({ targetAccount }) => ({ user: toUserView(targetAccount), storage: await storageUse(db, targetAccount.id) }));
  route(app, contracts.updateUser, async ({ account, targetAccount, body }) => {
    const user = await updateUser(db, targetAccount, body, account.id);
    if (user.planId !== targetAccount.planId) await deps.onPlanChanged?.(user.id);
    return { user: toUserView(user) };
  });
  route(app, contracts.changeContractState, async ({ targetAccount, account, body }) => {
    const user = await changeContractState(db, targetAccount, body.state, account.id, body.note);
    return { user: toUserView(user), history: await listContractHistory(db, user.id) };
  });
  for (const prefix of USER_API_PREFIXES) {
    const users = prefixedUsers[prefix];
    route(app, users.create, async ({ account, targetAccount, body }) => {
      const user = await createUser(db, account, targetAccount, body);
      await inviteUsers(db, mailer, adminOrigin, [user]);
      return { user: toUserView(user) };
    });
    route(app, users.import, async ({ c, account }) => {
      // Refused while streaming once past 5 MB, before the rest is read.
      const file = await receiveUpload(c, users.import.body, (name) => new AppError('payload_too_large', 'csvTooLarge', { values: { file: name } }));
      let imported: AccountRow[];
      try {
        assertCsvFile(file);
        imported = await importUsers(db, account, (await findAccount(db, account.tenantId))!, file.path);
      } finally {
        await file.dispose();
      }
      const invitationsFailed = await inviteUsers(db, mailer, adminOrigin, imported);
      return { imported: imported.length, users: imported.map(toUserView), invitationsFailed };
    });
    route(app, users.get, async ({ targetAccount }) => ({ user: toUserView(targetAccount), storage: await storageUse(db, targetAccount.id) }));
    route(app, users.history, async ({ targetAccount }) => ({ history: await listContractHistory(db, targetAccount.id) }));
  }
  return app;
}
