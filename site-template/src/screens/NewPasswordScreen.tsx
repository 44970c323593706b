import { useEffect, useState, type FormEvent } from 'react';
import { visitorText } from '../../../model/messages/visitor-text.ts';
import { visitorCall } from '../viewer/visitor-call.ts';
import ScreenLink from './ScreenLink.tsx';
import type { ScreenSite } from './screen-site.ts';
import { st } from './screen-texts.ts';

type FieldErrors = { password?: string; confirmPassword?: string };

/** The secret of the emailed link, kept in the fragment (never sent to a server in an address), then taken off the address bar. */
function takeToken(): string {
  const token = new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';
  if (token) window.history.replaceState(null, '', `${window.location.pathname}${window.location.search}`);
  return token;
}

/** A new-password input with its refusal beside it, named for screen readers. */
function NewPasswordField(props: { id: string; name: keyof FieldErrors; label: string; value: string; onChange(value: string): void; error: string | undefined }) {
  const errorId = `${props.id}-error`;
  return (
    <div className="sg-field">
      <label htmlFor={props.id}>{props.label}</label>
      <input
        id={props.id}
        type="password"
        name={props.name}
        autoComplete="new-password"
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? errorId : undefined}
        value={props.value}
        onInput={(event) => props.onChange(event.currentTarget.value)}
      />
      {props.error && (
        <p id={errorId} className="sg-field-error">
          {props.error}
        </p>
      )}
    </div>
  );
}

/**
 * The emailed link's screen: a new password, twice. Refusals show beside the field they name;
 * a used or expired link says so and offers a new one.
 */
export default function NewPasswordScreen({ site }: { site: ScreenSite }) {
  const { lang, siteId } = site;
  const [token, setToken] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [fields, setFields] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => setToken(takeToken()), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || token === null) return;
    setBusy(true);
    const answer = await visitorCall('POST /end-user/site/:id/reset-password', { params: { id: siteId }, body: { token, password, confirmPassword, lang } }, { lang });
    setBusy(false);
    if (answer.ok) {
      setDone(answer.data.message);
      return;
    }
    const named: FieldErrors = {};
    for (const issue of answer.issues) if (issue.path[0] === 'password' || issue.path[0] === 'confirmPassword') named[issue.path[0]] = visitorText(issue.key, lang, issue.values);
    setFields(named);
    setError(Object.keys(named).length > 0 ? null : answer.message);
  };

  if (done)
    return (
      <div className="sg-sent" role="status">
        <h1 className="sg-screen-title">{st('newPasswordTitle', lang)}</h1>
        <p>{done}</p>
        <ScreenLink site={site} subPath="login" className="sg-submit">
          {st('toLogin', lang)}
        </ScreenLink>
      </div>
    );
  if (token === '')
    return (
      <div className="sg-sent" role="alert">
        <h1 className="sg-screen-title">{st('newPasswordTitle', lang)}</h1>
        <p>{visitorText('tokenMissing', lang)}</p>
        <ScreenLink site={site} subPath="reset-password" className="sg-submit">
          {st('askAgain', lang)}
        </ScreenLink>
      </div>
    );
  return (
    <>
      <h1 className="sg-screen-title">{st('newPasswordTitle', lang)}</h1>
      <form className="sg-form" noValidate onSubmit={submit}>
        <NewPasswordField id="sg-new-password" name="password" label={st('newPassword', lang)} value={password} onChange={setPassword} error={fields.password} />
        <NewPasswordField id="sg-confirm-password" name="confirmPassword" label={st('confirmPassword', lang)} value={confirmPassword} onChange={setConfirmPassword} error={fields.confirmPassword} />
        {error && (
          <div className="sg-form-error" role="alert">
            <p>{error}</p>
            <ScreenLink site={site} subPath="reset-password">
              {st('askAgain', lang)}
            </ScreenLink>
          </div>
        )}
        <button type="submit" className="sg-submit" disabled={busy || token === null}>
          {st('savePassword', lang)}
        </button>
      </form>
    </>
  );
}
