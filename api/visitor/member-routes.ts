import { Hono } from 'hono';
import { z } from 'zod';
import { buildVisitorPath } from '../../model/visitor-path.ts';
import { visitorText } from '../../model/messages/visitor-text.ts';
import { visitorContracts as contracts } from '../../model/contracts/visitor.ts';
import type { Db } from '../db/open-database.ts';
import type { AppEnv } from '../http/env.ts';
import { AppError, notFound } from '../http/errors.ts';
import { route } from '../http/route.ts';
import { createBackground, type Background } from '../mail/background.ts';
import type { Mailer } from '../mail/mailer.ts';
import { clientIp } from '../http/client-ip.ts';
import { completeRegistration } from './complete-registration.ts';
import { findVisitorSite, type VisitorSite } from './find-visitor-site.ts';
import { loginMember } from './login-member.ts';
import { logoutMember } from './logout-member.ts';
import { registerMember } from './register-member.ts';
import { requestMemberReset } from './request-member-reset.ts';
import { resetMemberPassword } from './reset-member-password.ts';
import { resendRegistration } from './resend-registration.ts';
import { visitorLanguage } from './visitor-language.ts';
import { caughtByHoneypot } from './visitor-request.ts';

const credentialsSchema = z.object({ email: z.string().max(256), password: z.string().max(200) });
const emailSchema = z.email();

function screenPath(site: VisitorSite, lang: Parameters<typeof buildVisitorPath>[1]['lang'], subPath: 'register' | 'register-success'): string {
  return buildVisitorPath({ defaultLanguage: site.settings.defaultLanguage, customPathPrefix: site.settings.customPathPrefix }, { lang, subPath });
}

/** Membership (V §4, §5): register, complete through the emailed link, resend, log in and out, a forgotten password, who am I. */
export function memberRoutes(deps: { db: Db; mailer: Mailer; background?: Background }) {
  const { db } = deps;
  const background = deps.background ?? createBackground();
  const app = new Hono<AppEnv>();
  route(app, contracts.register, async ({ c, params, body }) => {
    const site = await findVisitorSite(db, params.id, c.var.hostSiteId);
    const lang = visitorLanguage(c, site.settings, body.lang);
    const message = visitorText('registrationEmailSent', lang);
    if (caughtByHoneypot(body)) return { message, emailSent: true };
    const { emailSent } = await registerMember({ ...deps, siteOrigin: c.var.hostOrigin }, site, body.data, lang);
    return { message, emailSent };
  });
  route(app, contracts.completeRegistration, async ({ c, params, query }) => {
    const site = await findVisitorSite(db, params.id, c.var.hostSiteId);
    const token = query.token ?? '';
    const done = /^[A-Za-z0-9_-]{16,128}$/.test(token) ? await completeRegistration(db, site.id, token) : null;
    if (!done) return c.redirect(`${screenPath(site, visitorLanguage(c, site.settings, query.lang), 'register')}?error=link`, 302);
    return c.redirect(screenPath(site, done.lang, 'register-success'), 302);
  });
  route(app, contracts.resendRegistration, async ({ c, params, body }) => {
    const site = await findVisitorSite(db, params.id, c.var.hostSiteId);
    const lang = visitorLanguage(c, site.settings, body.lang);
    const email = emailSchema.safeParse(body.email);
    if (!email.success) throw new AppError('validation', 'invalidEmail', { lang });
    await resendRegistration({ db, mailer: deps.mailer, siteOrigin: c.var.hostOrigin, background }, site, email.data, clientIp(c), lang);
    return { message: visitorText('registrationEmailSent', lang) };
  });
  route(app, contracts.login, async ({ c, params, body }) => {
    const site = await findVisitorSite(db, params.id, c.var.hostSiteId);
    const lang = visitorLanguage(c, site.settings, body.lang);
    const input = credentialsSchema.safeParse(body);
    if (!input.success || !emailSchema.safeParse(input.data.email).success) throw new AppError('validation', 'invalidEmail', { lang: lang });
    const { token, expiresAt, user } = await loginMember(db, site.id, input.data.email, input.data.password, lang);
    return { token, expiresAt: expiresAt.toISOString(), user: { id: user.id, email: user.email } };
  });
  route(app, contracts.logout, async ({ c, params }) => {
    if (params.id !== c.var.hostSiteId) throw notFound('siteNotFound');
    await logoutMember(db, params.id, c.req.header('authorization'));
    const site = await findVisitorSite(db, params.id, c.var.hostSiteId);
    return { message: visitorText('memberLoggedOut', visitorLanguage(c, site.settings, undefined)) };
  });
  route(app, contracts.requestPasswordReset, async ({ c, params, body }) => {
    const site = await findVisitorSite(db, params.id, c.var.hostSiteId);
    const lang = visitorLanguage(c, site.settings, body.lang);
    const email = emailSchema.safeParse(body.email);
    if (!email.success) throw new AppError('validation', 'invalidEmail', { lang });
    await requestMemberReset({ db, mailer: deps.mailer, siteOrigin: c.var.hostOrigin, background }, site, email.data, clientIp(c), lang);
    return { message: visitorText('resetLinkEmailSent', lang) };
  });
  route(app, contracts.resetPassword, async ({ c, params, body }) => {
    const site = await findVisitorSite(db, params.id, c.var.hostSiteId);
    const lang = visitorLanguage(c, site.settings, body.lang);
    await resetMemberPassword(db, site.id, body, lang);
    return { message: visitorText('memberPasswordChanged', lang) };
  });
  // The member gate (member-gate.ts) has checked the bearer token against this site.
  route(app, contracts.me, ({ member }) => ({ user: { id: member.id, email: member.email } }));
  return app;
}
