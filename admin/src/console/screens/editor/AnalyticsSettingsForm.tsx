import { useForm } from 'react-hook-form';
import { CONVERTIBLE_EVENT_TYPES } from '../../../../../model/visitor-event.ts';
import type { SiteSettings } from '../../../../../model/site.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { Check } from '../../ui/Field.tsx';
import { useToast } from '../../ui/toast.tsx';
import { useEditorSite } from './editor-context.tsx';
import { pick, saveSettings, settingsResolver } from './settings-form.ts';

const KEYS = ['analytics'] as const;
type Form = Pick<SiteSettings, (typeof KEYS)[number]>;

/** The site's analytics settings: cookieless counting, and which events count as a conversion. */
export function AnalyticsSettingsForm() {
  const { site, onSaved } = useEditorSite();
  const { t, lang } = useI18n();
  const toast = useToast();
  const form = useForm<Form, unknown, SiteSettings>({ resolver: settingsResolver((values) => ({ ...site.settings, ...values }), lang), defaultValues: pick(site.settings, KEYS) });
  const submit = form.handleSubmit(async (values) => {
    // A refusal is toasted by the client; what was chosen stays in the form.
    const next = await saveSettings(site, values, KEYS).catch(() => null);
    if (!next) return;
    form.reset(pick(next.settings, KEYS));
    onSaved(next);
    toast(t('saved'));
  });
  return (
    <form onSubmit={submit} noValidate className="stack card" aria-label={t('analyticsSettings')}>
      <h2>{t('analyticsSettings')}</h2>
      <Check label={t('cookieless')} aria-describedby="analytics-cookieless-hint" {...form.register('analytics.cookieless')} />
      <small id="analytics-cookieless-hint" className="hint">
        {t('cookielessHint')}
      </small>
      <fieldset>
        <legend>{t('conversionEvents')}</legend>
        {CONVERTIBLE_EVENT_TYPES.map((type) => (
          <Check key={type} label={t(`cv.${type}`)} value={type} {...form.register('analytics.conversionEvents')} />
        ))}
      </fieldset>
      <button type="submit" disabled={form.formState.isSubmitting}>
        {t('save')}
      </button>
    </form>
  );
}
