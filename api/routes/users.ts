import { Hono } from 'hono';
import { contractChangeInputSchema, createUserInputSchema, updateUserInputSchema, USER_API_PREFIXES, userListQuerySchema } from '../../model/account.ts';
import type { Db } from '../db/open-database.ts';
import type { AppEnv } from '../env.ts';
import { AppError } from '../errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import { changeContractState, listContractHistory } from '../services/change-contract-state.ts';
import { createUser, inviteUsers } from '../services/create-users.ts';
import { findAccount } from '../services/find-account.ts';
import { assertCsvFile, importUsers } from '../services/import-users.ts';
import { listUsers } from '../services/list-users.ts';
import { updateUser } from '../services/update-user.ts';
import { toUserView } from '../services/user-view.ts';

async function jsonBody(request: { json(): Promise<unknown> }): Promise<unknown> {
  try {
    return await request.json();
  } catch {
    throw new AppError('bad_request', 'bodyNotJson');
  }
}

/**
 * Users and their contracts (spec §2 user list and detail, §7 /user and /{master,oem-master,oem-admin}/user).
 * The authorize middleware has already checked the caller and put the target account on the context.
 */
export function userRoutes(deps: { db: Db; mailer: Mailer; adminOrigin: string }) {
  const { db, mailer, adminOrigin } = deps;
  const app = new Hono<AppEnv>()
    .get('/user', (c) => c.json(listUsers(db, c.get('account'), userListQuerySchema.parse(c.req.query()))))
    .get('/user/:id', (c) => c.json({ user: toUserView(c.get('targetAccount')) }))
    .put('/user/:id', async (c) => {
      const user = updateUser(db, c.get('targetAccount'), updateUserInputSchema.parse(await jsonBody(c.req)));
      return c.json({ user: toUserView(user) });
    })
    .put('/master/user/:id/contract', async (c) => {
      const input = contractChangeInputSchema.parse(await jsonBody(c.req));
      const user = changeContractState(db, c.get('targetAccount'), input.state, c.get('account').id, input.note);
      return c.json({ user: toUserView(user), history: listContractHistory(db, user.id) });
    });
  for (const prefix of USER_API_PREFIXES) {
    app
      .post(`/${prefix}/user`, async (c) => {
        const input = createUserInputSchema.parse(await jsonBody(c.req));
        const user = await createUser(db, c.get('account'), c.get('targetAccount'), input);
        await inviteUsers(db, mailer, adminOrigin, [user]);
        return c.json({ user: toUserView(user) }, 201);
      })
      .post(`/${prefix}/user/import`, async (c) => {
        const form = await c.req.formData().catch(() => null);
        const file = form?.get('file');
        if (!(file instanceof File)) throw new AppError('bad_request', 'sendFileField');
        const bytes = new Uint8Array(await file.arrayBuffer());
        const csv = assertCsvFile(file, bytes);
        const actor = c.get('account');
        const users = await importUsers(db, actor, findAccount(db, actor.tenantId)!, csv);
        const invitationsFailed = await inviteUsers(db, mailer, adminOrigin, users);
        return c.json({ imported: users.length, users: users.map(toUserView), invitationsFailed }, 201);
      })
      .get(`/${prefix}/user/:id`, (c) => c.json({ user: toUserView(c.get('targetAccount')) }))
      .get(`/${prefix}/user/:id/user-history`, (c) => c.json({ history: listContractHistory(db, c.get('targetAccount').id) }));
  }
  return app;
}
