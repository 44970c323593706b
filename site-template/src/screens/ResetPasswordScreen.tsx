import { useState, type FormEvent } from 'react';
import { visitorCall } from '../viewer/visitor-call.ts';
import ScreenLink from './ScreenLink.tsx';
import type { ScreenSite } from './screen-site.ts';
import { st } from './screen-texts.ts';

/**
 * A member's forgotten password (V §4): the email gets a link to the new-password screen. The
 * answer is the same whether or not the email is a member's, so the screen says it that way.
 */
export default function ResetPasswordScreen({ site }: { site: ScreenSite }) {
  const { lang, siteId } = site;
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const answer = await visitorCall('POST /end-user/site/:id/forgot-password', { params: { id: siteId }, body: { email: email.trim(), lang } }, { lang });
    setBusy(false);
    if (!answer.ok) {
      setError(answer.message);
      return;
    }
    setError(null);
    setSent(answer.data.message);
  };

  if (sent)
    return (
      <div className="sg-sent" role="status">
        <h1 className="sg-screen-title">{st('resetTitle', lang)}</h1>
        <p>{sent}</p>
        <ScreenLink site={site} subPath="login" className="sg-submit">
          {st('toLogin', lang)}
        </ScreenLink>
      </div>
    );
  return (
    <>
      <h1 className="sg-screen-title">{st('resetTitle', lang)}</h1>
      <p>{st('resetIntro', lang)}</p>
      <form className="sg-form" noValidate onSubmit={submit}>
        <div className="sg-field">
          <label htmlFor="sg-reset-email">{st('email', lang)}</label>
          <input id="sg-reset-email" type="email" name="email" autoComplete="email" value={email} onInput={(event) => setEmail(event.currentTarget.value)} />
        </div>
        {error && (
          <p className="sg-form-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="sg-submit" disabled={busy}>
          {st('sendLink', lang)}
        </button>
      </form>
      <p className="sg-screen-switch">
        <ScreenLink site={site} subPath="login">
          {st('toLogin', lang)}
        </ScreenLink>
      </p>
    </>
  );
}
