import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { type z, ZodError } from 'zod';
import { ROUTE_PREFIX } from '../../model/account.ts';
import { identityContracts as contracts } from '../../model/contracts/identity.ts';
import { languageFromAcceptLanguage, messageText } from '../../model/messages/text.ts';
import { changePasswordInputSchema, resetPasswordInputSchema } from '../../model/password-rule.ts';
import { clientIp } from '../http/client-ip.ts';
import type { Db } from '../db/open-database.ts';
import { accounts } from '../db/schema.ts';
import { brandingFor } from '../branding/brandings.ts';
import type { AppEnv } from '../http/env.ts';
import { AppError, validationError } from '../http/errors.ts';
import { route } from '../http/route.ts';
import type { Background } from '../mail/background.ts';
import type { Mailer } from '../mail/mailer.ts';
import { clearSessionCookie, readSessionCookie, setSessionCookie } from './session-cookie.ts';
import type { Actor } from './actor.ts';
import { changePassword } from './change-password.ts';
import { logIn } from './log-in.ts';
import { consumePasswordToken, readPasswordToken } from './password-tokens.ts';
import { requestResetLink } from './request-reset-link.ts';
import { deleteSessionsOf, rotateSession, validateSession } from './sessions.ts';
import { setPassword } from './set-password.ts';
import { verifyPasswordToken } from './verify-password-token.ts';

export const LOGIN_FAILED = messageText('loginFailed', 'en');

/** What the admin learns about the signed-in caller (GET /auth/user-info and the login answer). */
async function userInfo(db: Db, actor: Actor) {
  return {
    account: {
      id: actor.id,
      email: actor.email,
      accountType: actor.accountType,
      effectiveType: actor.effectiveType,
      routePrefix: actor.routePrefix,
      tenantId: actor.tenantId,
      role: actor.role,
      authority: actor.authority,
      contractState: actor.contractState,
      mustChangePassword: actor.mustChangePassword,
      plan: actor.plan,
      logoUrl: (await db.select({ logoUrl: accounts.logoUrl }).from(accounts).where(eq(accounts.id, actor.id)).get())?.logoUrl ?? '',
      branding: await brandingFor(db, actor.id),
    },
  };
}

/** Parses a password form, answering the spec's own message (in the caller's language) when the confirmation differs. */
function parsePasswordForm<T>(schema: z.ZodType<T>, body: unknown): T {
  try {
    return schema.parse(body);
  } catch (error) {
    if (!(error instanceof ZodError)) throw error;
    const refusal = validationError(error, { input: body });
    // The spec's own message, without the field's name in front.
    if (refusal.key === 'passwordMismatch') throw new AppError('validation', 'passwordMismatch', { issues: refusal.issues });
    throw refusal;
  }
}

export type AuthRouteDeps = { db: Db; mailer: Mailer; adminOrigin: string; background: Background };

/** Sign-in, sessions and passwords of the back office (spec §5, §7 /auth). */
export function authRoutes(deps: AuthRouteDeps) {
  const { db } = deps;
  const lang = (header: string | undefined) => languageFromAcceptLanguage(header);
  const app = new Hono<AppEnv>();
  route(app, contracts.login, async ({ c, body }) => {
    const { actor, token, expiresAt } = await logIn(db, body, clientIp(c));
    setSessionCookie(c, token, expiresAt);
    return await userInfo(db, actor);
  });
  route(app, contracts.logout, async ({ c }) => {
    // Logging out ends every session of the account, on every device.
    const token = readSessionCookie(c);
    const session = token ? await validateSession(db, token) : null;
    if (session) await deleteSessionsOf(db, [session.accountId]);
    clearSessionCookie(c);
    return { message: messageText('loggedOut', lang(c.req.header('accept-language'))) };
  });
  route(app, contracts.refreshSession, async ({ c, account, session }) => {
    const { token, expiresAt } = await rotateSession(db, session);
    setSessionCookie(c, token, expiresAt);
    return { ...(await userInfo(db, account)), expiresAt: expiresAt.toISOString() };
  });
  route(app, contracts.userInfo, async ({ account }) => await userInfo(db, account));
  route(app, contracts.routePrefixes, () => ({ prefixes: ROUTE_PREFIX, subAdmin: "the parent account's prefix" }));
  route(app, contracts.forgotPassword, async ({ c, body }) => {
    // The same answer, as quick, whether or not the email is known: the mail goes in the background.
    await requestResetLink(deps, body.email, clientIp(c));
    return { message: messageText('resetLinkSent', lang(c.req.header('accept-language'))) };
  });
  route(app, contracts.verifyToken, async ({ body }) => await verifyPasswordToken(db, body.token));
  route(app, contracts.resetPassword, async ({ c, body }) => {
    // The token first: a missing or used link is said before anything about the password. It is
    // only used up once the form is valid (a typo keeps the link), and before the slow hash.
    await readPasswordToken(db, body.token);
    const input = parsePasswordForm(resetPasswordInputSchema, body);
    const found = await consumePasswordToken(db, body.token);
    await setPassword(db, found.accountId, input.password);
    return { message: messageText('passwordChanged', lang(c.req.header('accept-language'))) };
  });
  route(app, contracts.changePassword, async ({ c, body, account, session }) => {
    const input = parsePasswordForm(changePasswordInputSchema, body);
    await changePassword(db, account.id, input, session.id);
    return { message: messageText('passwordChanged', lang(c.req.header('accept-language'))) };
  });
  return app;
}
