import { Hono } from 'hono';
import { z } from 'zod';
import { buildVisitorPath } from '../../model/visitor-path.ts';
import { visitorText } from '../../model/messages/visitor-text.ts';
import { bearerToken, deleteEndUserSession, validateEndUserToken } from '../auth/end-user-sessions.ts';
import { requireEndUser } from '../auth/require-end-user.ts';
import type { Db } from '../db/open-database.ts';
import { AppError } from '../errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import { completeRegistration } from '../services/complete-registration.ts';
import { findVisitorSite, type VisitorSite } from '../services/find-visitor-site.ts';
import { loginEndUser } from '../services/login-end-user.ts';
import { registerEndUser } from '../services/register-end-user.ts';
import { resendRegistration } from '../services/resend-registration.ts';
import { visitorLanguage } from '../visitor-language.ts';
import { caughtByHoneypot, readJsonObject } from '../visitor-request.ts';

const credentialsSchema = z.object({ email: z.string().max(256), password: z.string().max(200) });
const emailSchema = z.email();

function screenPath(site: VisitorSite, lang: Parameters<typeof buildVisitorPath>[1]['lang'], subPath: 'register' | 'register-success'): string {
  return buildVisitorPath({ siteId: site.id, defaultLanguage: site.settings.defaultLanguage }, { lang, subPath });
}

/** Membership (V §4, §5): register, complete through the emailed link, resend, log in and out, who am I. */
export function endUserAuthRoutes(deps: { db: Db; mailer: Mailer; siteOrigin: string }) {
  const { db } = deps;
  return new Hono()
    .post('/:id/register', async (c) => {
      const site = findVisitorSite(db, c.req.param('id'));
      const body = await readJsonObject(c);
      const lang = visitorLanguage(c, site.settings, body.lang);
      const message = visitorText('registrationEmailSent', lang);
      if (caughtByHoneypot(body)) return c.json({ message, emailSent: true }, 201);
      const { emailSent } = await registerEndUser(deps, site, body.data, lang);
      return c.json({ message, emailSent }, 201);
    })
    .get('/:id/register/verify', (c) => {
      const site = findVisitorSite(db, c.req.param('id'));
      const token = c.req.query('token') ?? '';
      const done = /^[A-Za-z0-9_-]{16,128}$/.test(token) ? completeRegistration(db, site.id, token) : null;
      if (!done) return c.redirect(`${screenPath(site, visitorLanguage(c, site.settings, c.req.query('lang')), 'register')}?error=link`, 302);
      return c.redirect(screenPath(site, done.lang, 'register-success'), 302);
    })
    .post('/:id/resend-register-email', async (c) => {
      const site = findVisitorSite(db, c.req.param('id'));
      const body = await readJsonObject(c);
      const lang = visitorLanguage(c, site.settings, body.lang);
      const email = emailSchema.safeParse(body.email);
      if (!email.success) throw new AppError('validation', 'invalidEmail', { lang });
      await resendRegistration(deps, site, email.data, lang);
      return c.json({ message: visitorText('registrationEmailSent', lang) });
    })
    .post('/:id/login', async (c) => {
      const site = findVisitorSite(db, c.req.param('id'));
      const body = await readJsonObject(c);
      const lang = visitorLanguage(c, site.settings, body.lang);
      const input = credentialsSchema.safeParse(body);
      if (!input.success || !emailSchema.safeParse(input.data.email).success) throw new AppError('validation', 'invalidEmail', { lang });
      const { token, expiresAt, user } = await loginEndUser(db, site.id, input.data.email, input.data.password, lang);
      return c.json({ token, expiresAt: expiresAt.toISOString(), user: { id: user.id, email: user.email } });
    })
    .post('/:id/logout', (c) => {
      const token = bearerToken(c.req.header('authorization'));
      if (token && validateEndUserToken(db, token, c.req.param('id'))) deleteEndUserSession(db, token);
      return c.json({ message: 'Logged out.' });
    })
    .get('/:id/me', (c) => {
      const site = findVisitorSite(db, c.req.param('id'));
      const user = requireEndUser(db, site, c.req.header('authorization'), visitorLanguage(c, site.settings));
      return c.json({ user: { id: user.id, email: user.email } });
    });
}

