import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { DomainView } from '../../../../../model/domain.ts';
import { domainSchema } from '../../../../../model/validation.ts';
import { ApiError } from '../../api/client.ts';
import { request } from '../../api/request.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { useSession } from '../../session.tsx';
import { useConfirm } from '../../ui/ConfirmDialog.tsx';
import { Field } from '../../ui/Field.tsx';
import { useToast } from '../../ui/toast.tsx';
import { useEditorSite } from './editor-context.tsx';
import { saveSettings } from './settings-form.ts';
import { messageResolver } from '../../forms/message-resolver.ts';
import { DnsRecordsTable } from '../../ui/DnsRecordsTable.tsx';

/** Spec §4: a custom domain goes set, saved, verifying (up to 72 hours), connected. */
const STEPS = ['set', 'saved', 'verifying', 'connected'] as const;
type Step = (typeof STEPS)[number] | 'misconfigured' | 'failed';
const LOCALES = { jp: 'ja', en: 'en', cn: 'zh', kr: 'ko' } as const;
// Saved empty, the domain is removed (the site returns to its shared address).
const formSchema = z.object({ customDomain: z.union([z.literal(''), domainSchema]) });

/** Which of the four steps a state stands on: misconfigured is still verifying, failed stopped there. */
const STEP_OF: Record<Step, (typeof STEPS)[number]> = { set: 'set', saved: 'saved', verifying: 'verifying', misconfigured: 'verifying', failed: 'verifying', connected: 'connected' };

/** What the last check found against what it expected, for a domain that answers wrongly. */
function FoundVsExpected({ view }: { view: DomainView }) {
  const { t } = useI18n();
  const check = view.lastCheck;
  if (!check || check.outcome === 'connected') return null;
  const list = (values: readonly string[]) => (values.length ? values.join(', ') : t('domainNothing'));
  const expectedTarget = [check.target.expectedCname && `CNAME ${check.target.expectedCname}`, check.target.expectedAddresses.length ? `A/AAAA ${check.target.expectedAddresses.join(', ')}` : null]
    .filter(Boolean)
    .join(' | ');
  const foundTarget = [
    check.target.foundCname.length ? `CNAME ${check.target.foundCname.join(', ')}` : null,
    check.target.foundAddresses.length ? `A/AAAA ${check.target.foundAddresses.join(', ')}` : null,
  ]
    .filter(Boolean)
    .join(' | ');
  return (
    <table className="found-vs-expected" data-testid="found-vs-expected">
      <thead>
        <tr>
          <th>{t('recordName')}</th>
          <th>{t('domainFound')}</th>
          <th>{t('domainExpected')}</th>
        </tr>
      </thead>
      <tbody>
        <tr className={check.txt.ok ? undefined : 'wrong'}>
          <td>
            TXT <code>{check.txt.name}</code>
          </td>
          <td>{list(check.txt.found)}</td>
          <td>
            <code>{check.txt.expected}</code>
          </td>
        </tr>
        <tr className={check.target.ok ? undefined : 'wrong'}>
          <td>
            <code>{view.domain}</code>
          </td>
          <td>{foundTarget || t('domainNothing')}</td>
          <td>{expectedTarget}</td>
        </tr>
      </tbody>
    </table>
  );
}

/**
 * The domain setup stepper of the site settings: the domain typed (set) and saved, then the
 * exact DNS records to create, the check (verifying, up to 72 hours, polled by the server; "check
 * now" here), what the name resolves to when it is wrong, and connected. Removing the domain
 * sends the site back to its shared address.
 */
export function DomainSetup() {
  const { site, onSaved } = useEditorSite();
  const { t, lang } = useI18n();
  const toast = useToast();
  const { confirm, dialog } = useConfirm();
  const { account } = useSession();
  const [view, setView] = useState<DomainView | null>(null);
  const [busy, setBusy] = useState(false);
  const stored = site.settings.customDomain ?? '';
  const form = useForm<z.input<typeof formSchema>, unknown, z.output<typeof formSchema>>({ resolver: messageResolver(formSchema, lang), defaultValues: { customDomain: stored } });
  const typed = form.watch('customDomain').trim().toLowerCase();
  const step: Step | null = stored && typed === stored ? (view?.domain === stored ? view.state : 'saved') : typed ? 'set' : null;
  // A null plan is the platform's, which has no limits.
  const locked = account?.plan ? !account.plan.privateDomain : false;
  const date = (value: string) => new Date(value).toLocaleString(LOCALES[lang]);

  useEffect(() => {
    if (!stored) {
      setView(null);
      return;
    }
    let live = true;
    const load = () =>
      request('GET /site/:id/domain', { params: { id: site.id } }, { quiet: true }).then(
        (answer) => live && setView(answer.domain),
        () => {},
      );
    void load();
    // The server polls; the screen reads what it found while it is open.
    const timer = setInterval(load, 15_000);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [site.id, stored]);

  const submit = form.handleSubmit(async ({ customDomain }) => {
    try {
      const next = await saveSettings(site, { customDomain }, ['customDomain'], { quiet: true });
      form.reset({ customDomain: next.settings.customDomain ?? '' });
      onSaved(next);
      toast(t('saved'));
    } catch (error) {
      // Another site's domain, one under the product's own, or a plan without custom domains: said beside the field, kept as typed.
      if (error instanceof ApiError && error.status !== 0) form.setError('customDomain', { type: error.key ?? 'refused', message: error.message });
    }
  });
  const checkNow = async () => {
    setBusy(true);
    try {
      setView(await request('POST /site/:id/domain/check', { params: { id: site.id } }));
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    if (!(await confirm({ message: t('domainRemoveConfirm', { domain: stored }), confirmLabel: t('domainRemove'), danger: true }))) return;
    await request('DELETE /site/:id/domain', { params: { id: site.id } });
    setView(null);
    form.reset({ customDomain: '' });
    onSaved({ ...site, settings: { ...site.settings, customDomain: '' } });
    toast(t('saved'));
  };
  const current = step ? STEP_OF[step] : null;
  const reached = current ? STEPS.indexOf(current) : -1;
  return (
    <form onSubmit={submit} noValidate className="stack card" aria-label={t('customDomain')}>
      <h2>{t('customDomain')}</h2>
      {locked && <p className="banner">{t('domainLocked')}</p>}
      <ol className="stepper" aria-label={t('domainSteps')}>
        {STEPS.map((name, index) => (
          <li
            key={name}
            data-step={name}
            data-state={name === current ? step : undefined}
            aria-current={name === current ? 'step' : undefined}
            className={
              [name === current ? 'current' : '', index < reached ? 'done' : '', name === current && (step === 'misconfigured' || step === 'failed') ? 'problem' : ''].filter(Boolean).join(' ') ||
              undefined
            }
          >
            {name === current && (step === 'misconfigured' || step === 'failed') ? `${t(`domainStep.${name}`)} · ${t(`domainStep.${step}`)}` : t(`domainStep.${name}`)}
          </li>
        ))}
      </ol>
      <Field label={t('customDomain')} hint={t('domainHint')} error={form.formState.errors.customDomain}>
        {(p) => <input {...p} placeholder="shop.example.com" autoComplete="off" {...form.register('customDomain')} />}
      </Field>
      <div className="row">
        <button type="submit" disabled={form.formState.isSubmitting || locked}>
          {t('saveDomain')}
        </button>
        {view && typed === stored && (
          <button type="button" className="secondary" onClick={() => void remove()}>
            {t('domainRemove')}
          </button>
        )}
      </div>
      {view && typed === stored && (
        <div className="stack" data-testid="domain-status" data-state={view.state}>
          {view.state === 'connected' ? (
            <p className="banner ok">{t('domainConnectedAt', { domain: view.domain })}</p>
          ) : (
            <>
              <p>{t('domainRecords')}</p>
              <DnsRecordsTable records={view.records} testId="dns-records" />
              <p className="hint">{t('domainRecordsOr')}</p>
              {view.state === 'failed' && <p className="banner">{t('domainFailedHint')}</p>}
              {view.lastCheck?.error && <p className="hint">{t('domainDnsError', { error: view.lastCheck.error })}</p>}
              <FoundVsExpected view={view} />
              {view.nextCheckAt && view.deadline && <p className="hint">{t('domainNextCheck', { at: date(view.nextCheckAt), deadline: date(view.deadline) })}</p>}
              <div className="row">
                <button type="button" disabled={busy || locked} onClick={() => void checkNow()}>
                  {view.state === 'saved' || view.state === 'failed' ? t('domainStartCheck') : t('domainCheckNow')}
                </button>
              </div>
            </>
          )}
        </div>
      )}
      {dialog}
    </form>
  );
}
