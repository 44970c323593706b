import type { Db } from '../db/open-database.ts';
import { bearerToken, deleteMemberSession, validateMemberToken } from './member-sessions.ts';

/** Ends the session an `Authorization: Bearer …` header names, when it is one of this site's; anything else is left alone. */
export function logoutMember(db: Db, siteId: string, authorization: string | undefined): void {
  const token = bearerToken(authorization);
  if (token && validateMemberToken(db, token, siteId)) deleteMemberSession(db, token);
}
