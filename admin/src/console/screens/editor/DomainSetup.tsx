import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { domainSchema } from '../../../../../model/validation.ts';
import { ApiError } from '../../api/client.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { useSession } from '../../session.tsx';
import { Field } from '../../ui/Field.tsx';
import { useToast } from '../../ui/toast.tsx';
import { useEditorSite } from './editor-context.tsx';
import { saveSettings } from './settings-form.ts';
import { messageResolver } from '../../forms/message-resolver.ts';

/** Spec §4: a custom domain goes set, saved, verifying (up to 72 hours), connected. */
const STEPS = ['set', 'saved', 'verifying', 'connected'] as const;
// Saved empty, the domain is removed (the site returns to its shared address).
const formSchema = z.object({ customDomain: z.union([z.literal(''), domainSchema]) });

/**
 * The domain setup stepper of the site settings. The console knows the first two steps (typed,
 * stored in the draft); verifying and connected need a DNS check the API does not offer yet, so
 * they are shown as what comes next, never as reached.
 */
export function DomainSetup() {
  const { site, onSaved } = useEditorSite();
  const { t, lang } = useI18n();
  const toast = useToast();
  const { account } = useSession();
  const stored = site.settings.customDomain ?? '';
  const form = useForm<z.input<typeof formSchema>, unknown, z.output<typeof formSchema>>({ resolver: messageResolver(formSchema, lang), defaultValues: { customDomain: stored } });
  const typed = form.watch('customDomain').trim().toLowerCase();
  const step = stored && typed === stored ? 'saved' : typed ? 'set' : null;
  // A null plan is the platform's, which has no limits.
  const locked = account?.plan ? !account.plan.privateDomain : false;
  const submit = form.handleSubmit(async ({ customDomain }) => {
    try {
      const next = await saveSettings(site, { customDomain }, ['customDomain'], { quiet: true });
      form.reset({ customDomain: next.settings.customDomain ?? '' });
      onSaved(next);
      toast(t('saved'));
    } catch (error) {
      // Another site's domain or a plan without custom domains: said beside the field, kept as typed.
      if (error instanceof ApiError && error.status !== 0) form.setError('customDomain', { type: error.key ?? 'refused', message: error.message });
    }
  });
  return (
    <form onSubmit={submit} noValidate className="stack card" aria-label={t('customDomain')}>
      <h2>{t('customDomain')}</h2>
      {locked && <p className="banner">{t('domainLocked')}</p>}
      <ol className="stepper" aria-label={t('domainSteps')}>
        {STEPS.map((name) => (
          <li key={name} data-step={name} aria-current={name === step ? 'step' : undefined} className={name === step ? 'current' : undefined}>
            {t(`domainStep.${name}`)}
          </li>
        ))}
      </ol>
      <Field label={t('customDomain')} hint={t('domainHint')} error={form.formState.errors.customDomain}>
        {(p) => <input {...p} placeholder="shop.example.com" autoComplete="off" {...form.register('customDomain')} />}
      </Field>
      {step === 'saved' && (
        <p className="hint" data-testid="domain-next">
          {t('domainNext', { domain: stored })}
        </p>
      )}
      <button type="submit" disabled={form.formState.isSubmitting || locked}>
        {t('saveDomain')}
      </button>
    </form>
  );
}
