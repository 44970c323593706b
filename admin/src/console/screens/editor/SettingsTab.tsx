import { ExperimentPanel } from './ExperimentPanel.tsx';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { LANGUAGES } from '../../../../../model/language.ts';
import { siteSettingsSchema, viewModeSchema, type SiteSettings } from '../../../../../model/site.ts';
import { ApiError } from '../../api/client.ts';
import { request } from '../../api/request.ts';
import { LANGUAGE_NAMES, useI18n } from '../../i18n/i18n.tsx';
import { useConfirm } from '../../ui/ConfirmDialog.tsx';
import { ColorField } from '../../ui/ColorField.tsx';
import { Check, Field } from '../../ui/Field.tsx';
import { maxLengthAt } from '../../ui/length-counter.ts';
import { useToast } from '../../ui/toast.tsx';
import { AnalyticsSettingsForm } from './AnalyticsSettingsForm.tsx';
import { useEditorSite } from './editor-context.tsx';
import { DomainSetup } from './DomainSetup.tsx';
import { uploadMedia } from './media-upload.ts';
import { pick, saveSettings, settingsResolver } from './settings-form.ts';

const KEYS = [
  'name',
  'handle',
  'logoSetting',
  'faviconSetting',
  'defaultLanguage',
  'languages',
  'viewMode',
  'displayLanguageIcon',
  'displayGlobalMenu',
  'displayPageCount',
  'displayAlbum',
  'swipeRedirection',
  'safeAreaColor',
  'autoAttachUrlParam',
  'globalMenuTextColor',
  'globalMenuBackgroundColor',
  'isEcLink',
  'speakerColor',
  'customPathPrefix',
] as const;
const SWITCHES = ['displayLanguageIcon', 'displayGlobalMenu', 'displayPageCount', 'displayAlbum', 'swipeRedirection', 'autoAttachUrlParam', 'isEcLink'] as const;
const COLOURS = ['safeAreaColor', 'globalMenuTextColor', 'globalMenuBackgroundColor', 'speakerColor'] as const;

type Form = Pick<SiteSettings, (typeof KEYS)[number]>;

export function SettingsTab() {
  const { site, onSaved } = useEditorSite();
  const { t, lang } = useI18n();
  const toast = useToast();
  const form = useForm<Form, unknown, SiteSettings>({ resolver: settingsResolver((values) => ({ ...site.settings, ...values }), lang), defaultValues: pick(site.settings, KEYS) });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      const next = await saveSettings(site, values, KEYS);
      form.reset(pick(next.settings, KEYS));
      onSaved(next);
      toast(t('saved'));
    } catch (error) {
      // The client toasted why; what was typed stays in the form, a taken address name marked on its field.
      if (error instanceof ApiError && error.key === 'handleTaken') form.setError('handle', { type: error.key, message: error.message });
    }
  });
  const upload = async (key: 'logoSetting' | 'faviconSetting', file: File | undefined) => {
    if (!file) return;
    const stored = await uploadMedia(site.id, file, file.name).catch(() => null);
    if (stored) form.setValue(key, stored.url, { shouldDirty: true });
  };
  const typed = form.watch();
  const lengthOf = (key: 'name' | 'customPathPrefix') => {
    const max = maxLengthAt(siteSettingsSchema, key);
    return max === undefined ? undefined : { length: (typed[key] ?? '').length, max };
  };
  const logo = form.watch('logoSetting');
  const favicon = form.watch('faviconSetting');
  return (
    <div className="panel-grid">
      <form onSubmit={submit} noValidate className="stack card" aria-label={t('tab.settings')}>
        <Field label={t('siteName')} error={errors.name} count={lengthOf('name')}>
          {(props) => <input {...props} {...form.register('name')} />}
        </Field>
        <Field label={t('siteHandle')} hint={t('siteHandleHint')} error={errors.handle}>
          {(props) => <input {...props} autoComplete="off" spellCheck={false} {...form.register('handle')} />}
        </Field>
        <div className="row">
          <Field label={t('logo')} hint={t('logoHint')} error={errors.logoSetting}>
            {(props) => <input {...props} type="file" accept="image/png,image/jpeg" onChange={(event) => void upload('logoSetting', event.target.files?.[0])} />}
          </Field>
          {logo && <img src={logo} alt="" className="thumb" />}
          <Field label={t('favicon')} hint={t('faviconHint')} error={errors.faviconSetting}>
            {(props) => <input {...props} type="file" accept="image/png,image/jpeg" onChange={(event) => void upload('faviconSetting', event.target.files?.[0])} />}
          </Field>
          {favicon && <img src={favicon} alt="" className="thumb small" />}
        </div>
        <Field label={t('defaultLanguage')} error={errors.defaultLanguage}>
          {(props) => (
            <select {...props} {...form.register('defaultLanguage')}>
              {LANGUAGES.map((code) => (
                <option key={code} value={code}>
                  {LANGUAGE_NAMES[code]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <fieldset>
          <legend>{t('languages')}</legend>
          {LANGUAGES.map((code) => (
            <Check key={code} label={LANGUAGE_NAMES[code]} value={code} {...form.register('languages')} />
          ))}
          {errors.languages && (
            <small className="field-error" role="alert">
              {errors.languages.message}
            </small>
          )}
        </fieldset>
        <Field label={t('viewMode')} error={errors.viewMode}>
          {(props) => (
            <select {...props} {...form.register('viewMode')}>
              {viewModeSchema.options.map((mode) => (
                <option key={mode} value={mode}>
                  {t(`viewMode.${mode}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <fieldset>
          <legend>{t('displaySwitches')}</legend>
          {SWITCHES.map((key) => (
            <Check key={key} label={t(key)} {...form.register(key)} />
          ))}
        </fieldset>
        <div className="row">
          {COLOURS.map((key) => (
            <ColorField key={key} control={form.control} name={key} label={t(key)} />
          ))}
        </div>
        <Field label={t('customPathPrefix')} error={errors.customPathPrefix} hint={t('customPathPrefixHint')} count={lengthOf('customPathPrefix')}>
          {(props) => <input {...props} {...form.register('customPathPrefix')} />}
        </Field>
        <button type="submit" disabled={form.formState.isSubmitting}>
          {t('save')}
        </button>
      </form>
      <div className="stack">
        <GridForm />
        <DomainSetup />
        <ExperimentPanel />
        <AnalyticsSettingsForm />
      </div>
    </div>
  );
}

/** Rows and columns have their own call; dropping pages that hold content asks first. */
function GridForm() {
  const { site, onSaved } = useEditorSite();
  const { t } = useI18n();
  const toast = useToast();
  const [columns, setColumns] = useState(site.settings.numberHorizontal);
  const [rows, setRows] = useState(site.settings.numberVertical);
  const { confirm: ask, dialog } = useConfirm();
  const apply = async (confirm = false) => {
    try {
      const result = await request('PUT /site/:id/grid', { params: { id: site.id }, body: { numberHorizontal: columns, numberVertical: rows, confirm } }, { quiet: true });
      onSaved(result.site);
      toast(t('saved'));
    } catch (error) {
      if (!(error instanceof ApiError)) return;
      // The API names the positions whose pages hold content and waits for a confirmation.
      const positions = error.key === 'resizeConfirm' ? String(error.values.positions ?? '') : '';
      if (positions && !confirm) {
        if (await ask({ message: t('gridDropConfirm', { positions }), confirmLabel: t('applyGrid'), danger: true })) await apply(true);
      } else toast(error.message, 'error');
    }
  };
  return (
    <form
      className="stack card"
      aria-label={t('grid')}
      onSubmit={(event) => {
        event.preventDefault();
        void apply();
      }}
    >
      {dialog}
      <h2>{t('grid')}</h2>
      <div className="row">
        <label className="field">
          <span>{t('columns')}</span>
          <input type="number" min={1} value={columns} onChange={(event) => setColumns(event.target.valueAsNumber)} />
        </label>
        <label className="field">
          <span>{t('rows')}</span>
          <input type="number" min={1} value={rows} onChange={(event) => setRows(event.target.valueAsNumber)} />
        </label>
      </div>
      <button type="submit">{t('applyGrid')}</button>
    </form>
  );
}
