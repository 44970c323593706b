import { useState, type FormEvent } from 'react';
import { pathFor } from '../viewer/address.ts';
import { storeEndUserToken, takeReturnPath } from '../viewer/members.ts';
import { visitorCall } from '../viewer/visitor-call.ts';
import ScreenLink from './ScreenLink.tsx';
import type { ScreenSite } from './screen-site.ts';
import { st } from './screen-texts.ts';

/**
 * The members' login (V §4, §6): the token is kept for this site only, then the visitor goes back
 * to the page they left for this screen (a members-only page opens), else to the first page.
 */
export default function LoginScreen({ site }: { site: ScreenSite }) {
  const { lang, siteId } = site;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const answer = await visitorCall('POST /end-user/site/:id/login', { params: { id: siteId }, body: { email: email.trim(), password, lang } }, { lang });
    setBusy(false);
    if (!answer.ok) {
      setError(answer.message);
      return;
    }
    storeEndUserToken(siteId, answer.data.token);
    window.location.assign(takeReturnPath(siteId) ?? pathFor(site, {}, window.location.search));
  };

  return (
    <>
      <h1 className="sg-screen-title">{st('loginTitle', lang)}</h1>
      <form className="sg-form" noValidate onSubmit={submit}>
        <div className="sg-field">
          <label htmlFor="sg-login-email">{st('email', lang)}</label>
          <input id="sg-login-email" type="email" name="email" autoComplete="email" value={email} onInput={(event) => setEmail(event.currentTarget.value)} />
        </div>
        <div className="sg-field">
          <label htmlFor="sg-login-password">{st('password', lang)}</label>
          <input id="sg-login-password" type="password" name="password" autoComplete="current-password" value={password} onInput={(event) => setPassword(event.currentTarget.value)} />
        </div>
        {error && (
          <p className="sg-form-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="sg-submit" disabled={busy}>
          {st('login', lang)}
        </button>
      </form>
      <p className="sg-screen-switch">
        <ScreenLink site={site} subPath="reset-password">
          {st('forgotPassword', lang)}
        </ScreenLink>
      </p>
      <p className="sg-screen-switch">
        <ScreenLink site={site} subPath="register">
          {st('noAccount', lang)}
        </ScreenLink>
      </p>
    </>
  );
}
