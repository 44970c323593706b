import type { Db } from '../db/open-database.ts';
import { bearerToken, deleteMemberSession, validateMemberToken } from './member-sessions.ts';

/** Ends the session an `Authorization: Bearer …` header names, when it is one of this site's; anything else is left alone. */
export async function logoutMember(db: Db, siteId: string, authorization: string | undefined): Promise<void> {
  const token = bearerToken(authorization);
  if (token && (await validateMemberToken(db, token, siteId))) await deleteMemberSession(db, token);
}
