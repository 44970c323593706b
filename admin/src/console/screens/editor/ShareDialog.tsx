import * as Dialog from '@radix-ui/react-dialog';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { ShareView } from '../../../../../model/preview-share.ts';
import { ApiError } from '../../api/client.ts';
import { request } from '../../api/request.ts';
import '../../i18n/catalogue-announcements.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { fieldErrors } from '../../i18n/messages.ts';
import { useConfirm } from '../../ui/ConfirmDialog.tsx';
import { Field } from '../../ui/Field.tsx';
import { useToast } from '../../ui/toast.tsx';

type Status = { shared: boolean; openSessions: number };

/** The typed emails: one per line or separated by commas, blanks dropped. */
function emailsOf(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((email) => email.trim())
    .filter(Boolean);
}

/**
 * The preview's share and security popups (B §2, B §7 "Preview"): share by link or to invited
 * emails (each mailed its own link), view-only, a passcode (required when switched on), the
 * share's status, revoking one email or everything, resending to all.
 */
export function ShareDialog({ siteId }: { siteId: string }) {
  const { t, lang } = useI18n();
  const toast = useToast();
  const { confirm, dialog } = useConfirm();
  const [open, setOpen] = useState(false);
  const [share, setShare] = useState<ShareView | null>(null);
  const [status, setStatus] = useState<Status | null>(null);
  const [isPrivate, setPrivate] = useState(false);
  const [viewOnly, setViewOnly] = useState(true);
  const [emails, setEmails] = useState('');
  const [passwordOn, setPasswordOn] = useState(false);
  const [passcode, setPasscode] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const params = { id: siteId };

  const refresh = useCallback(async () => {
    const [{ share: current }, now] = await Promise.all([
      request('GET /preview/site/:id/share', { params: { id: siteId } }),
      request('GET /preview/site/:id/share/status', { params: { id: siteId } }),
    ]);
    setShare(current);
    setStatus(now);
    if (current) {
      setPrivate(current.isPrivate);
      setViewOnly(current.viewOnly);
      setPasswordOn(current.passwordOn);
    }
  }, [siteId]);
  useEffect(() => {
    if (open) void refresh().catch(() => {});
  }, [open, refresh]);

  const showIssues = async (error: unknown) => {
    if (!(error instanceof ApiError)) return;
    const found = await fieldErrors(error.issues, lang);
    setErrors(Object.fromEntries(Object.entries(found).map(([path, entry]) => [path.split('.')[0]!, entry.message ?? ''])));
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    try {
      await request('POST /preview/site/:id/share', { params, body: { isPrivate, viewOnly, emails: emailsOf(emails) } });
      setEmails('');
      toast(t('sh.shared'), 'success');
      await refresh();
    } catch (error) {
      await showIssues(error);
    }
  };
  const savePassword = async () => {
    setErrors({});
    try {
      await request('POST /preview/site/:id/share/set-password', { params, body: { enabled: passwordOn, password: passcode } });
      setPasscode('');
      toast(t('sh.passwordSaved'), 'success');
      await refresh();
    } catch (error) {
      await showIssues(error);
    }
  };
  const revoke = async (body: { emails?: string[]; all?: boolean; resendAll?: boolean }) => {
    const answer = await request('PUT /preview/site/:id/share/revoke', { params, body });
    if (body.resendAll) toast(t('sh.resent', { n: answer.resent }), 'success');
    else if (body.all) toast(t('sh.stopped'), 'success');
    await refresh();
  };
  const stopAll = async () => {
    if (await confirm({ message: t('sh.revokeAllConfirm'), confirmLabel: t('sh.revokeAll'), danger: true })) await revoke({ all: true });
  };
  const copy = async () => {
    if (!share) return;
    await navigator.clipboard.writeText(share.url).catch(() => {});
    toast(t('sh.copied'), 'success');
  };

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <button type="button" className="secondary">
          {t('sh.share')}
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog share-dialog card stack" aria-describedby={undefined}>
          <div className="row spread">
            <Dialog.Title className="dialog-title">{t('sh.title')}</Dialog.Title>
            <Dialog.Close asChild>
              <button type="button" className="secondary small">
                {t('sh.close')}
              </button>
            </Dialog.Close>
          </div>
          <p className="hint" data-share-status={status?.shared ? 'shared' : 'none'}>
            {t('sh.status')}: {status?.shared ? t('sh.sharedStatus', { sessions: status.openSessions }) : t('sh.notShared')}
          </p>
          {share && (
            <div className="row">
              <input readOnly aria-label={t('sh.link')} value={share.isPrivate ? '—' : share.url} className="grow" />
              <button type="button" className="secondary" disabled={share.isPrivate} onClick={() => void copy()}>
                {t('sh.copy')}
              </button>
            </div>
          )}
          <form className="stack" noValidate onSubmit={submit}>
            <label className="check">
              <input type="checkbox" checked={isPrivate} onChange={(event) => setPrivate(event.target.checked)} /> {t('sh.private')}
            </label>
            <label className="check">
              <input type="checkbox" checked={viewOnly} onChange={(event) => setViewOnly(event.target.checked)} /> {t('sh.viewOnly')}
            </label>
            <Field label={t('sh.emails')} hint={t('sh.emailsHint')} error={errors.emails ? { message: errors.emails } : undefined}>
              {(props) => <textarea {...props} rows={2} value={emails} onChange={(event) => setEmails(event.target.value)} />}
            </Field>
            <div className="row">
              <button type="submit">{t('sh.submit')}</button>
            </div>
          </form>
          {share && (
            <>
              <fieldset className="stack">
                <legend>{t('sh.security')}</legend>
                <label className="check">
                  <input type="checkbox" checked={passwordOn} onChange={(event) => setPasswordOn(event.target.checked)} /> {t('sh.passwordOn')}
                </label>
                {passwordOn && (
                  <Field label={t('sh.passcode')} error={errors.password ? { message: errors.password } : undefined}>
                    {(props) => <input {...props} type="password" autoComplete="new-password" maxLength={50} value={passcode} onChange={(event) => setPasscode(event.target.value)} />}
                  </Field>
                )}
                <div className="row">
                  <button type="button" className="secondary" onClick={() => void savePassword()}>
                    {t('sh.savePassword')}
                  </button>
                </div>
              </fieldset>
              <h3>{t('sh.invited')}</h3>
              <ul className="share-invites">
                {share.invites.map((invite) => (
                  <li key={invite.email} className="row spread">
                    <span>
                      {invite.email} {invite.sentAt && <small className="hint">{t('sh.sentAt', { date: new Date(invite.sentAt).toLocaleString() })}</small>}
                    </span>
                    <button type="button" className="secondary small" aria-label={t('sh.revokeOf', { email: invite.email })} onClick={() => void revoke({ emails: [invite.email] })}>
                      {t('sh.revoke')}
                    </button>
                  </li>
                ))}
              </ul>
              <div className="row">
                <button type="button" className="secondary" disabled={share.invites.length === 0} onClick={() => void revoke({ resendAll: true })}>
                  {t('sh.resendAll')}
                </button>
                <button type="button" className="danger" onClick={() => void stopAll()}>
                  {t('sh.revokeAll')}
                </button>
              </div>
            </>
          )}
          {dialog}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
