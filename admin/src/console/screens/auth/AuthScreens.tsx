import { useEffect, useState } from 'react';
import { useForm, type FieldError, type UseFormRegisterReturn } from 'react-hook-form';
import { Link, useLocation, useSearch } from 'wouter';
import { z } from 'zod';
import { emailSchema, loginInputSchema } from '../../../../../model/account.ts';
import { changePasswordInputSchema, resetPasswordInputSchema } from '../../../../../model/password-rule.ts';
import { ApiError } from '../../api/client.ts';
import { request } from '../../api/request.ts';
import type { Account } from '../../api/types.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { useSession } from '../../session.tsx';
import { Field } from '../../ui/Field.tsx';
import { PublicFrame } from '../../ui/Layout.tsx';
import { useToast } from '../../ui/toast.tsx';
import { messageResolver } from '../../forms/message-resolver.ts';

type LoginForm = z.input<typeof loginInputSchema>;

function landing(account: Account): string {
  return account.mustChangePassword ? '/first-time-change-password' : `/${account.routePrefix}/site-list`;
}

export function Login() {
  const { t, lang } = useI18n();
  const { setAccount } = useSession();
  const [, navigate] = useLocation();
  const [failure, setFailure] = useState('');
  const form = useForm<LoginForm, unknown, z.output<typeof loginInputSchema>>({ resolver: messageResolver(loginInputSchema, lang), defaultValues: { email: '', password: '' } });
  const submit = form.handleSubmit(async (values) => {
    try {
      const { account } = await request('POST /auth/login', { body: values }, { quiet: true, noRefresh: true });
      setFailure('');
      setAccount(account);
      navigate(landing(account));
    } catch (error) {
      if (error instanceof ApiError && error.status !== 0) setFailure(error.message);
    }
  });
  return (
    <PublicFrame title={t('signIn')}>
      <form onSubmit={submit} noValidate className="stack">
        <Field label={t('email')} error={form.formState.errors.email}>
          {(props) => <input {...props} type="email" autoComplete="username" {...form.register('email')} />}
        </Field>
        <Field label={t('password')} error={form.formState.errors.password}>
          {(props) => <input {...props} type="password" autoComplete="current-password" {...form.register('password')} />}
        </Field>
        {failure && (
          <p role="alert" className="error">
            {failure}
          </p>
        )}
        <button type="submit" disabled={form.formState.isSubmitting}>
          {t('signIn')}
        </button>
        <Link href="/reset-pass">{t('forgotPassword')}</Link>
      </form>
    </PublicFrame>
  );
}

const forgotSchema = z.object({ email: emailSchema });

export function ForgotPassword() {
  const { t, lang } = useI18n();
  const [sent, setSent] = useState('');
  const form = useForm<z.input<typeof forgotSchema>, unknown, z.output<typeof forgotSchema>>({ resolver: messageResolver(forgotSchema, lang), defaultValues: { email: '' } });
  const submit = form.handleSubmit(async (values) => {
    const { message } = await request('POST /auth/forgot-password', { body: values }, { noRefresh: true }).catch(() => ({ message: '' }));
    setSent(message);
  });
  return (
    <PublicFrame title={t('forgotTitle')}>
      <form onSubmit={submit} noValidate className="stack">
        <Field label={t('email')} error={form.formState.errors.email}>
          {(props) => <input {...props} type="email" autoComplete="username" {...form.register('email')} />}
        </Field>
        {sent && (
          <p role="status" className="success">
            {sent}
          </p>
        )}
        <button type="submit" disabled={form.formState.isSubmitting}>
          {t('sendLink')}
        </button>
        <Link href="/login">{t('backToLogin')}</Link>
      </form>
    </PublicFrame>
  );
}

type PasswordField = { registered: UseFormRegisterReturn; error: FieldError | undefined };

/** Both password fields of a new password, with the rule shown beside them. */
function NewPasswordFields({ password, confirmPassword }: { password: PasswordField; confirmPassword: PasswordField }) {
  const { t } = useI18n();
  return (
    <>
      <Field label={t('newPassword')} error={password.error} hint={t('passwordRule')}>
        {(props) => <input {...props} type="password" autoComplete="new-password" {...password.registered} />}
      </Field>
      <Field label={t('confirmPassword')} error={confirmPassword.error}>
        {(props) => <input {...props} type="password" autoComplete="new-password" {...confirmPassword.registered} />}
      </Field>
    </>
  );
}

type ResetForm = z.input<typeof resetPasswordInputSchema>;

/** /new-password?token=…: an invitation or a reset link sets a password. */
export function NewPassword() {
  const { t, lang } = useI18n();
  const toast = useToast();
  const [, navigate] = useLocation();
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const [state, setState] = useState<{ email?: string; problem?: string }>({});
  useEffect(() => {
    if (!token) return setState({ problem: 'Token is missing.' });
    request('POST /auth/verify-token', { body: { token } }, { quiet: true, noRefresh: true })
      .then(({ email }) => setState({ email }))
      .catch((error: Error) => setState({ problem: error.message }));
  }, [token]);
  const form = useForm<ResetForm, unknown, z.output<typeof resetPasswordInputSchema>>({
    resolver: messageResolver(resetPasswordInputSchema, lang),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    const { message } = await request('POST /auth/reset-password', { body: { ...values, token } }, { noRefresh: true });
    toast(message);
    navigate('/login');
  });
  return (
    <PublicFrame title={t('newPasswordTitle')}>
      {state.problem ? (
        <p role="alert" className="error">
          {state.problem}
        </p>
      ) : (
        <form onSubmit={(event) => void submit(event).catch(() => {})} noValidate className="stack">
          {state.email && <p>{state.email}</p>}
          <NewPasswordFields
            password={{ registered: form.register('password'), error: errors.password }}
            confirmPassword={{ registered: form.register('confirmPassword'), error: errors.confirmPassword }}
          />
          <button type="submit" disabled={form.formState.isSubmitting}>
            {t('savePassword')}
          </button>
        </form>
      )}
      <Link href="/login">{t('backToLogin')}</Link>
    </PublicFrame>
  );
}

type ChangeForm = z.input<typeof changePasswordInputSchema>;

/** /first-time-change-password: a password chosen by the creator is replaced before anything else. */
export function FirstTimeChange() {
  const { t, lang } = useI18n();
  const toast = useToast();
  const { account, reload } = useSession();
  const [, navigate] = useLocation();
  const form = useForm<ChangeForm, unknown, z.output<typeof changePasswordInputSchema>>({
    resolver: messageResolver(changePasswordInputSchema, lang),
    defaultValues: { currentPassword: '', password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      const { message } = await request('POST /auth/change-password', { body: values });
      toast(message);
      const next = await reload();
      navigate(next ? landing(next) : '/login');
    } catch {
      // The client has said why; the typed passwords stay.
    }
  });
  if (account === null)
    return (
      <PublicFrame title={t('firstTimeTitle')}>
        <Link href="/login">{t('signIn')}</Link>
      </PublicFrame>
    );
  return (
    <PublicFrame title={t('firstTimeTitle')}>
      <p>{t('firstTimeHint')}</p>
      <form onSubmit={submit} noValidate className="stack">
        <Field label={t('currentPassword')} error={errors.currentPassword}>
          {(props) => <input {...props} type="password" autoComplete="current-password" {...form.register('currentPassword')} />}
        </Field>
        <NewPasswordFields
          password={{ registered: form.register('password'), error: errors.password }}
          confirmPassword={{ registered: form.register('confirmPassword'), error: errors.confirmPassword }}
        />
        <button type="submit" disabled={form.formState.isSubmitting}>
          {t('savePassword')}
        </button>
      </form>
    </PublicFrame>
  );
}

/** /log-out: ends every session of the account, then back to login. */
export function Logout() {
  const { t } = useI18n();
  const toast = useToast();
  const { setAccount } = useSession();
  const [, navigate] = useLocation();
  useEffect(() => {
    request('POST /auth/logout', {}, { noRefresh: true, quiet: true })
      .then(({ message }) => toast(message))
      .catch(() => {})
      .finally(() => {
        setAccount(null);
        navigate('/login');
      });
  }, [navigate, setAccount, toast]);
  return (
    <PublicFrame title={t('signOut')}>
      <p>{t('signingOut')}</p>
    </PublicFrame>
  );
}
