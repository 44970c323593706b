import { useEffect } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { POPUP_KINDS, type PopupKind } from '../../../../../model/popup-cta.ts';
import { popupInternalLinkTypeSchema, popupShapeSchema, popupTextAlignmentSchema, type SiteSettings } from '../../../../../model/site.ts';
import type { SiteView } from '../../api/types.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { DateTimeField } from '../../ui/DateTimeField.tsx';
import { ColorField } from '../../ui/ColorField.tsx';
import { Check, Field } from '../../ui/Field.tsx';
import { useToast } from '../../ui/toast.tsx';
import { MediaField } from './MediaField.tsx';
import { PageOrdersField } from './PageOrdersField.tsx';
import { allPages } from './page/site-pages.ts';
import { SurveyPicker } from './SurveyPicker.tsx';
import { useEditorSite } from './editor-context.tsx';
import { canvasPopupSettings, popupFormValues, popupResolver, type PopupForm } from './popup-form.ts';
import { popupPlacement } from './popup-placement.ts';
import { saveSettings } from './settings-form.ts';

/** The transition types offered; a stored legacy LINK_TO_PAGE reads as CREATIVE_BLOCK. */
const TRANSITIONS = ['INTERNAL_URL', 'EXTERNAL_URL', 'CREATIVE_BLOCK', 'SCRIPT', 'SURVEY'] as const;
const INTERNAL_LABEL = { contact: 'other.contact', form: 'other.form', membership: 'other.membership' } as const;
const nullableNumber = { setValueAs: (value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value)) };

/**
 * Popup CTA settings (spec §3): time- and applicant-limited popups, their style, media, transition,
 * pages and countdown. The canvas is their preview: what is typed here, once whole, is drawn there
 * by the viewer's own popup at once, saved or not.
 */
export function PopupTab() {
  const { site, onSaved, canvasPopups } = useEditorSite();
  const { t, lang } = useI18n();
  const toast = useToast();
  const form = useForm<PopupForm, unknown, SiteSettings>({ resolver: popupResolver(site.settings, lang), defaultValues: popupFormValues(site.settings.popupCtas, () => crypto.randomUUID()) });
  const enabled = form.watch('enabled');
  const allowed = site.settings.creatorPlanItem.settingPopupCta;
  // Half-typed popups are not sent: the store keeps the last whole ones, which the canvas goes on drawing.
  useEffect(() => {
    const offer = () => {
      const popups = canvasPopupSettings(form.getValues(), allowed);
      if (popups) canvasPopups.set(popups);
    };
    offer();
    const subscription = form.watch(offer);
    return () => {
      subscription.unsubscribe();
      canvasPopups.set(null);
    };
  }, [form, allowed, canvasPopups]);
  const submit = form.handleSubmit(async (values) => {
    // The resolver answers the whole settings as parsed, with only the switched-on popups.
    const { popupCtas } = values;
    try {
      onSaved(await saveSettings(site, { popupCtas }, ['popupCtas']));
      toast(t('saved'));
    } catch {
      // Refused (a plan without popup CTAs) or failed: the typed popup stays.
    }
  });
  return (
    <form onSubmit={submit} noValidate className="stack" aria-label={t('tab.popup')}>
      {!site.settings.creatorPlanItem.settingPopupCta && <p className="banner">{t('popupLocked')}</p>}
      {POPUP_KINDS.map((kind) => (
        <fieldset key={kind} className="card stack" data-testid={`popup-${kind}`}>
          <legend>{t(kind === 'timeLimit' ? 'popupTimeLimit' : 'popupApplicantLimit')}</legend>
          <Check label={t('enable')} {...form.register(`enabled.${kind}`)} />
          {enabled[kind] && <CanvasPlacement kind={kind} form={form} />}
          {enabled[kind] && <PopupItemFields kind={kind} form={form} site={site} />}
        </fieldset>
      ))}
      <button type="submit" disabled={form.formState.isSubmitting}>
        {t('save')}
      </button>
    </form>
  );
}

/** Whether the canvas shows this popup now, or why not, with a way to move the canvas to a page it shows on. */
function CanvasPlacement({ kind, form }: { kind: PopupKind; form: UseFormReturn<PopupForm, unknown, SiteSettings> }) {
  const { t } = useI18n();
  const { site, canvasPageId, showPage } = useEditorSite();
  const item = form.watch(`popupCtas.${kind}`);
  const pages = allPages(site);
  const current = pages.find((page) => page.id === canvasPageId);
  const placement = popupPlacement(item, kind, current, pages, new Date());
  const text =
    placement.kind === 'shown'
      ? t('popupShownOnCanvas', { position: current?.position ?? '' })
      : placement.kind === 'elsewhere'
        ? t('popupElsewhere', { current: current?.position ?? '', position: placement.page.position })
        : t(placement.kind === 'noPages' ? 'popupNoPages' : placement.kind === 'outsideDates' ? 'popupOutsideDates' : 'popupNoPlaces');
  return (
    <div className={`canvas-placement${placement.kind === 'shown' ? ' shown' : ''}`} data-testid={`popup-${kind}-placement`}>
      <p role="status">{text}</p>
      {placement.kind === 'elsewhere' && (
        <button type="button" className="secondary" onClick={() => showPage(placement.page.id)}>
          {t('popupShowOnCanvas', { position: placement.page.position })}
        </button>
      )}
    </div>
  );
}

function PopupItemFields({ kind, form, site }: { kind: PopupKind; form: UseFormReturn<PopupForm, unknown, SiteSettings>; site: SiteView }) {
  const { t } = useI18n();
  const base = `popupCtas.${kind}` as const;
  const e = form.formState.errors.popupCtas?.[kind];
  const item = form.watch(base);
  const transitionType = item.transition.transitionType;
  return (
    <div className="stack">
      <div className="row">
        <DateTimeField control={form.control} name={`${base}.startDate`} label={t('startDate')} />
        <DateTimeField control={form.control} name={`${base}.endDate`} label={t('endDate')} />
        {kind === 'applicantLimit' && (
          <Field label={t('limit')} error={e?.limit}>
            {(p) => <input {...p} type="number" min={1} max={999_999_999} {...form.register(`${base}.limit`, nullableNumber)} />}
          </Field>
        )}
      </div>
      <Check label={t('showRemainingTime')} {...form.register(`${base}.showRemainingTime`)} />
      {kind === 'timeLimit' && item.showRemainingTime && !item.endDate && <p className="hint">{t('countdownNeedsEnd')}</p>}
      <PageOrdersField control={form.control} name={`${base}.effectivePages`} rows={site.settings.numberVertical} />

      <fieldset className="stack">
        <legend>{t('style')}</legend>
        <div className="row">
          <ColorField control={form.control} name={`${base}.style.backgroundColor`} label={t('backgroundColor')} />
          <ColorField control={form.control} name={`${base}.style.textColor`} label={t('textColor')} />
          <Field label={t('textSize')} error={e?.style?.textSize}>
            {(p) => <input {...p} type="number" {...form.register(`${base}.style.textSize`, { valueAsNumber: true })} />}
          </Field>
        </div>
        <div className="row">
          <Field label={t('width')} error={e?.style?.width}>
            {(p) => <input {...p} type="number" {...form.register(`${base}.style.width`, { valueAsNumber: true })} />}
          </Field>
          <Field label={t('height')} error={e?.style?.height}>
            {(p) => <input {...p} type="number" {...form.register(`${base}.style.height`, { valueAsNumber: true })} />}
          </Field>
          <Field label={t('shape')}>
            {(p) => (
              <select {...p} {...form.register(`${base}.style.shape`)}>
                {popupShapeSchema.options.map((shape) => (
                  <option key={shape} value={shape}>
                    {t(`shape.${shape}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={t('textAlignment')}>
            {(p) => (
              <select {...p} {...form.register(`${base}.style.textAlignment`)}>
                {popupTextAlignmentSchema.options.map((align) => (
                  <option key={align} value={align}>
                    {t(`align.${align}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
      </fieldset>

      <MediaField
        site={site}
        label={t('media')}
        url={item.media.url}
        video
        kind={item.media.type === 'VIDEO' ? 'video' : 'image'}
        error={e?.media?.url}
        onStored={(media) => {
          form.setValue(`${base}.media.url`, media.url, { shouldDirty: true });
          form.setValue(`${base}.media.type`, media.kind === 'video' ? 'VIDEO' : 'IMAGE', { shouldDirty: true });
        }}
        onClear={() => form.setValue(`${base}.media.url`, '', { shouldDirty: true })}
      />
      {item.media.url && (
        <div className="row">
          <Field label={t('mediaWidth')} hint={t('mediaSizeHint')} error={e?.media?.width}>
            {(p) => <input {...p} type="number" min={1} {...form.register(`${base}.media.width`, nullableNumber)} />}
          </Field>
          <Field label={t('mediaHeight')} error={e?.media?.height}>
            {(p) => <input {...p} type="number" min={1} {...form.register(`${base}.media.height`, nullableNumber)} />}
          </Field>
        </div>
      )}

      <fieldset className="stack" data-testid={`popup-${kind}-button`}>
        <legend>{t('popupLinkButton')}</legend>
        <div className="row">
          <ColorField control={form.control} name={`${base}.linkButtonColor`} label={t('linkButtonColor')} />
          <ColorField control={form.control} name={`${base}.linkTextColor`} label={t('linkTextColor')} />
        </div>
      </fieldset>

      <fieldset className="stack">
        <legend>{t('transition')}</legend>
        <Field label={t('transitionType')}>
          {(p) => (
            <select {...p} {...form.register(`${base}.transition.transitionType`)}>
              {TRANSITIONS.map((type) => (
                <option key={type} value={type}>
                  {t(`transition.${type}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        {transitionType === 'INTERNAL_URL' && (
          <Field label={t('internalLinkType')} error={e?.transition?.internalLinkType}>
            {(p) => (
              <select {...p} {...form.register(`${base}.transition.internalLinkType`, { setValueAs: (value: unknown) => (value ? value : null) })}>
                <option value="">{t('destinationUnset')}</option>
                {popupInternalLinkTypeSchema.options.map((type) => (
                  <option key={type} value={type}>
                    {t(INTERNAL_LABEL[type])}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
        {transitionType === 'EXTERNAL_URL' && (
          <Field label={t('externalLinkUrl')} error={e?.transition?.externalLinkUrl}>
            {(p) => <input {...p} type="url" inputMode="url" placeholder="https://" {...form.register(`${base}.transition.externalLinkUrl`)} />}
          </Field>
        )}
        {transitionType === 'CREATIVE_BLOCK' && (
          <Field label={t('targetCreativeBlock')} error={e?.transition?.targetCreativeBlock}>
            {(p) => (
              <select {...p} {...form.register(`${base}.transition.targetCreativeBlock`)}>
                <option value="">{t('destinationUnset')}</option>
                {/* A stored page order (the spec's other form) stays choosable until a page of the grid replaces it. */}
                {/^\d+$/.test(item.transition.targetCreativeBlock) && (
                  <option value={item.transition.targetCreativeBlock}>{t('destinationPageNumber', { row: item.transition.targetCreativeBlock })}</option>
                )}
                {site.creatives.map((column) => (
                  <optgroup key={column.id} label={column.name ? `${column.letters} · ${column.name}` : column.letters}>
                    {column.pages.map((page) => (
                      <option key={page.id} value={page.position}>
                        {page.position}
                      </option>
                    ))}
                  </optgroup>
                ))}
              </select>
            )}
          </Field>
        )}
        {transitionType === 'SCRIPT' && (
          <Field label={t('transitionScript')} error={e?.transition?.script}>
            {(p) => <textarea {...p} rows={4} {...form.register(`${base}.transition.script`)} />}
          </Field>
        )}
        {transitionType === 'SURVEY' && (
          <SurveyPicker
            siteId={site.id}
            label={t('survey')}
            value={item.transition.linkedSurveyId ?? null}
            error={e?.transition?.linkedSurveyId}
            onChange={(surveyId) => form.setValue(`${base}.transition.linkedSurveyId`, surveyId, { shouldDirty: true, shouldValidate: true })}
          />
        )}
      </fieldset>
    </div>
  );
}
