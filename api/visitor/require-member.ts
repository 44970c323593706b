import type { Language } from '../../model/language.ts';
import type { Db } from '../db/open-database.ts';
import { AppError } from '../http/errors.ts';
import type { VisitorSite } from './find-visitor-site.ts';
import { bearerToken, validateMemberToken, type Member } from './member-sessions.ts';

/** The member a request's bearer token opens on this site, else 401 (the viewer then clears its token, V §8). */
export async function requireMember(db: Db, site: VisitorSite, authorization: string | undefined, lang: Language): Promise<Member> {
  const token = bearerToken(authorization);
  const user = token ? await validateMemberToken(db, token, site.id) : null;
  if (!user) throw new AppError('unauthenticated', 'loginRequired', { lang: lang });
  return user;
}
