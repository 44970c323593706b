import { useForm } from 'react-hook-form';
import { popupCtaItemSchema, popupShapeSchema, popupTextAlignmentSchema, type PopupCtas, type SiteSettings } from '../../../../../model/site.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { Check, Field } from '../../ui/Field.tsx';
import { useToast } from '../../ui/toast.tsx';
import type { EditorProps } from './SiteEditor.tsx';
import { optionalDateField, pageOrdersField } from './pages-field.ts';
import { saveSettings, settingsResolver } from './settings-form.ts';

const KINDS = ['timeLimit', 'applicantLimit'] as const;
const TRANSITIONS = ['INTERNAL_URL', 'EXTERNAL_URL', 'CREATIVE_BLOCK', 'SCRIPT', 'SURVEY'] as const;
type Form = { popupCtas: PopupCtas; enabled: Record<(typeof KINDS)[number], boolean> };

/** Popup CTA settings (spec §3): time- and applicant-limited popups, their style, media, transition, pages and countdown. */
export function PopupTab({ site, onSaved }: EditorProps) {
  const { t } = useI18n();
  const toast = useToast();
  const filled = Object.fromEntries(KINDS.map((kind) => [kind, site.settings.popupCtas[kind] ?? popupCtaItemSchema.parse({ id: crypto.randomUUID() })])) as PopupCtas;
  const form = useForm<Form>({
    resolver: settingsResolver(site.settings),
    defaultValues: { popupCtas: filled, enabled: { timeLimit: Boolean(site.settings.popupCtas.timeLimit), applicantLimit: Boolean(site.settings.popupCtas.applicantLimit) } },
  });
  const enabled = form.watch('enabled');
  const submit = form.handleSubmit(async (values) => {
    // A popup switched off is not sent: the site has none of that kind.
    const popupCtas = Object.fromEntries(KINDS.filter((kind) => enabled[kind]).map((kind) => [kind, values.popupCtas[kind]])) as SiteSettings['popupCtas'];
    try {
      onSaved(await saveSettings(site, { popupCtas }, ['popupCtas']));
      toast(t('saved'));
    } catch {
      // Refused (a plan without popup CTAs) or failed: the typed popup stays.
    }
  });
  const errors = form.formState.errors.popupCtas;
  return (
    <form onSubmit={submit} noValidate className="stack" aria-label={t('tab.popup')}>
      {!site.settings.creatorPlanItem.settingPopupCta && <p className="banner">{t('popupLocked')}</p>}
      {KINDS.map((kind) => {
        const base = `popupCtas.${kind}` as const;
        const e = errors?.[kind];
        const reg = (path: string, options?: object) => form.register(`${base}.${path}` as never, options);
        return (
          <fieldset key={kind} className="card stack">
            <legend>{t(kind === 'timeLimit' ? 'popupTimeLimit' : 'popupApplicantLimit')}</legend>
            <Check label={t('enable')} {...form.register(`enabled.${kind}`)} />
            {enabled[kind] && (
              <>
                <div className="row">
                  <Field label={t('startDate')} error={e?.startDate}>{(p) => <input {...p} placeholder="2025-04-01T00:00:00+09:00" {...reg('startDate', optionalDateField)} />}</Field>
                  <Field label={t('endDate')} error={e?.endDate}>{(p) => <input {...p} placeholder="2025-04-30T23:59:00+09:00" {...reg('endDate', optionalDateField)} />}</Field>
                  {kind === 'applicantLimit' && <Field label={t('limit')} error={e?.limit}>{(p) => <input {...p} type="number" {...reg('limit', { setValueAs: (v: string) => (v === '' ? null : Number(v)) })} />}</Field>}
                </div>
                <Check label={t('showRemainingTime')} {...reg('showRemainingTime')} />
                <Field label={t('effectivePages')} error={e?.effectivePages}>{(p) => <input {...p} {...reg('effectivePages', pageOrdersField)} />}</Field>
                <div className="row">
                  <Field label={t('backgroundColor')} error={e?.style?.backgroundColor}>{(p) => <input {...p} {...reg('style.backgroundColor')} />}</Field>
                  <Field label={t('textColor')} error={e?.style?.textColor}>{(p) => <input {...p} {...reg('style.textColor')} />}</Field>
                  <Field label={t('textSize')} error={e?.style?.textSize}>{(p) => <input {...p} type="number" {...reg('style.textSize', { valueAsNumber: true })} />}</Field>
                  <Field label={t('shape')}>{(p) => <select {...p} {...reg('style.shape')}>{popupShapeSchema.options.map((shape) => <option key={shape}>{shape}</option>)}</select>}</Field>
                  <Field label={t('textAlignment')}>{(p) => <select {...p} {...reg('style.textAlignment')}>{popupTextAlignmentSchema.options.map((align) => <option key={align}>{align}</option>)}</select>}</Field>
                </div>
                <Field label={t('mediaUrl')} error={e?.media?.url}>{(p) => <input {...p} {...reg('media.url')} />}</Field>
                <div className="row">
                  <Field label={t('transitionType')}>{(p) => <select {...p} {...reg('transition.transitionType')}>{TRANSITIONS.map((type) => <option key={type}>{type}</option>)}</select>}</Field>
                  <Field label={t('externalLinkUrl')} error={e?.transition?.externalLinkUrl}>{(p) => <input {...p} {...reg('transition.externalLinkUrl')} />}</Field>
                  <Field label={t('targetCreativeBlock')} error={e?.transition?.targetCreativeBlock}>{(p) => <input {...p} {...reg('transition.targetCreativeBlock')} />}</Field>
                </div>
              </>
            )}
          </fieldset>
        );
      })}
      <button type="submit">{t('save')}</button>
    </form>
  );
}
