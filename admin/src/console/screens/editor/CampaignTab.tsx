import { useFieldArray, useForm, type UseFormReturn } from 'react-hook-form';
import { linkTypeSchema } from '../../../../../model/page.ts';
import {
  campaignBannerSchema,
  campaignButtonSchema,
  campaignLinkSchema,
  campaignPositionLpSchema,
  campaignSchema,
  campaignSideSchema,
  type Campaign,
  type SiteSettings,
} from '../../../../../model/site.ts';
import { settingsLinkTargetIssues } from '../../../../../model/link-targets.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { maxLengthAt } from '../../ui/length-counter.ts';
import { DateTimeField } from '../../ui/DateTimeField.tsx';
import { Check, Field } from '../../ui/Field.tsx';
import { useToast } from '../../ui/toast.tsx';
import { ColorField } from '../../ui/ColorField.tsx';
import { CampaignClickCounts } from './CampaignClickCounts.tsx';
import { DestinationPicker } from './DestinationPicker.tsx';
import { MediaField } from './MediaField.tsx';
import { SurveyPicker } from './SurveyPicker.tsx';
import { PageOrdersField } from './PageOrdersField.tsx';
import type { SiteView } from '../../api/types.ts';
import { useEditorSite } from './editor-context.tsx';
import { saveSettings, settingsResolver } from './settings-form.ts';

const newId = () => crypto.randomUUID();
const NAME_MAX = maxLengthAt(campaignSchema, 'name') ?? 0;
const BUTTON_TYPES = campaignButtonSchema.shape.buttonType.unwrap().options;
type Form = { campaign: Campaign };
type CampaignForm = UseFormReturn<Form, unknown, SiteSettings>;
type Props = { form: CampaignForm; site: SiteView };

/** Campaign editor (spec §3, visitor §4): dates, pages, background, and the side panels' banners, buttons and links with their media and places. */
export function CampaignTab() {
  const { site, onSaved } = useEditorSite();
  const { t, lang } = useI18n();
  const toast = useToast();
  const form = useForm<Form, unknown, SiteSettings>({
    resolver: settingsResolver(
      (values) => ({ ...site.settings, ...values }),
      lang,
      site.settings,
      (settings) => settingsLinkTargetIssues({ campaign: settings.campaign }),
    ),
    defaultValues: { campaign: site.settings.campaign ?? campaignSchema.parse({}) },
  });
  const e = form.formState.errors.campaign;
  const background = form.watch('campaign.backgroundImage');
  const submit = form.handleSubmit(async (values) => {
    try {
      // The resolver answers the whole settings as parsed; only the campaign is sent.
      onSaved(await saveSettings(site, values, ['campaign']));
      toast(t('saved'));
    } catch {
      // Kept as typed.
    }
  });
  return (
    <form onSubmit={submit} noValidate className="stack" aria-label={t('tab.campaign')}>
      <section className="card stack">
        <Field label={t('campaignName')} error={e?.name} count={{ length: form.watch('campaign.name').length, max: NAME_MAX }}>
          {(p) => <input {...p} {...form.register('campaign.name')} />}
        </Field>
        <div className="row">
          <DateTimeField control={form.control} name="campaign.startDate" label={t('startDate')} />
          <DateTimeField control={form.control} name="campaign.endDate" label={t('endDate')} />
        </div>
        <p className="hint">{t('campaignNeedsStart')}</p>
        <MediaField
          site={site}
          label={t('backgroundImage')}
          url={background}
          error={e?.backgroundImage}
          onStored={(media) => form.setValue('campaign.backgroundImage', media.url, { shouldDirty: true })}
          onClear={() => form.setValue('campaign.backgroundImage', '', { shouldDirty: true })}
        />
        <div className="row">
          <ColorField control={form.control} name="campaign.backgroundColor" label={t('backgroundColor')} />
          <Field label={t('backgroundOpacity')} error={e?.backgroundOpacity}>
            {(p) => <input {...p} type="number" min={0} max={100} {...form.register('campaign.backgroundOpacity', { valueAsNumber: true })} />}
          </Field>
          <Field label={t('positionLp')}>
            {(p) => (
              <select {...p} {...form.register('campaign.positionLp')}>
                {campaignPositionLpSchema.options.map((value) => (
                  <option key={value} value={value}>
                    {t(`positionLp.${value}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        <PageOrdersField control={form.control} name="campaign.effectivePages" rows={site.settings.numberVertical} />
        <Check label={t('isOnClickCount')} {...form.register('campaign.isOnClickCount')} />
      </section>
      <CampaignClickCounts siteId={site.id} campaign={site.settings.campaign} />
      <Banners form={form} site={site} />
      <Buttons form={form} site={site} />
      <Links form={form} site={site} />
      <button type="submit" disabled={form.formState.isSubmitting}>
        {t('save')}
      </button>
    </form>
  );
}

/** Number fields of one item: its place on the panel and its size. */
function Placement({ form, names }: { form: CampaignForm; names: readonly [label: 'left' | 'top' | 'width' | 'height', name: Parameters<CampaignForm['register']>[0]][] }) {
  const { t } = useI18n();
  return (
    <>
      {names.map(([label, name]) => (
        <Field key={name} label={t(label)}>
          {(p) => <input {...p} type="number" {...form.register(name, { valueAsNumber: true })} />}
        </Field>
      ))}
    </>
  );
}

function Side({ form, name }: { form: CampaignForm; name: `campaign.${'banners' | 'buttons'}.${number}.position` }) {
  const { t } = useI18n();
  return (
    <Field label={t('side')}>
      {(p) => (
        <select {...p} {...form.register(name)}>
          {campaignSideSchema.options.map((value) => (
            <option key={value} value={value}>
              {t(`side.${value}`)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** Banners and flag links have no survey of their own to open: only a button can lead to one. */
const WITHOUT_SURVEY = linkTypeSchema.options.filter((type) => type !== 'survey');

function LinkTypeField({ form, name, survey = false }: { form: CampaignForm; name: Parameters<CampaignForm['register']>[0]; survey?: boolean }) {
  const { t } = useI18n();
  return (
    <Field label={t('linkType')}>
      {(p) => (
        <select {...p} {...form.register(name)}>
          {(survey ? linkTypeSchema.options : WITHOUT_SURVEY).map((value) => (
            <option key={value} value={value}>
              {t(`linkType.${value}`)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

function Banners({ form, site }: Props) {
  const { t } = useI18n();
  const list = useFieldArray({ control: form.control, name: 'campaign.banners' });
  const errors = form.formState.errors.campaign?.banners;
  return (
    <fieldset className="card stack">
      <legend>{t('banners')}</legend>
      {list.fields.map((field, index) => {
        const base = `campaign.banners.${index}` as const;
        return (
          <div key={field.id} className="item-row" data-testid={`banner-${index}`}>
            <MediaField
              site={site}
              label={t('bannerImage')}
              url={form.watch(`${base}.mediaUrl`)}
              error={errors?.[index]?.mediaUrl}
              onStored={(media) => form.setValue(`${base}.mediaUrl`, media.url, { shouldDirty: true })}
              onClear={() => form.setValue(`${base}.mediaUrl`, '', { shouldDirty: true })}
            />
            <LinkTypeField form={form} name={`${base}.linkDestinationType`} />
            <DestinationPicker control={form.control} name={`${base}.linkDestinationUrl`} kind={form.watch(`${base}.linkDestinationType`)} />
            <Side form={form} name={`${base}.position`} />
            <Placement
              form={form}
              names={[
                ['left', `${base}.bannerX`],
                ['top', `${base}.bannerY`],
                ['width', `${base}.width`],
                ['height', `${base}.height`],
              ]}
            />
            <Check label={t('lockRatio')} {...form.register(`${base}.lockRatio`)} />
            <button type="button" className="secondary" onClick={() => list.remove(index)}>
              {t('remove')}
            </button>
          </div>
        );
      })}
      <button type="button" className="secondary" onClick={() => list.append(campaignBannerSchema.parse({ id: newId() }))}>
        {t('addBanner')}
      </button>
    </fieldset>
  );
}

function Buttons({ form, site }: Props) {
  const { t } = useI18n();
  const list = useFieldArray({ control: form.control, name: 'campaign.buttons' });
  const errors = form.formState.errors.campaign?.buttons;
  return (
    <fieldset className="card stack">
      <legend>{t('buttons')}</legend>
      {list.fields.map((field, index) => {
        const base = `campaign.buttons.${index}` as const;
        const type = form.watch(`${base}.buttonType`);
        const isVideo = form.watch(`${base}.isVideo`);
        return (
          <div key={field.id} className="item-row" data-testid={`campaign-button-${index}`}>
            <Field label={t('buttonType')}>
              {(p) => (
                <select {...p} {...form.register(`${base}.buttonType`)}>
                  {BUTTON_TYPES.map((value) => (
                    <option key={value} value={value}>
                      {t(`buttonType.${value}`)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field label={t('buttonText')} error={errors?.[index]?.buttonText}>
              {(p) => <input {...p} {...form.register(`${base}.buttonText`)} />}
            </Field>
            {type === 'MEDIA' && (
              <MediaField
                site={site}
                label={t('buttonMedia')}
                url={form.watch(`${base}.buttonImageUrl`)}
                video
                kind={isVideo ? 'video' : 'image'}
                error={errors?.[index]?.buttonImageUrl}
                onStored={(media) => {
                  form.setValue(`${base}.buttonImageUrl`, media.url, { shouldDirty: true });
                  form.setValue(`${base}.isVideo`, media.kind === 'video', { shouldDirty: true });
                }}
                onClear={() => form.setValue(`${base}.buttonImageUrl`, '', { shouldDirty: true })}
              />
            )}
            {type === 'MEDIA' && isVideo && (
              <MediaField
                site={site}
                label={t('videoThumbnail')}
                url={form.watch(`${base}.thumbnailUrl`)}
                error={errors?.[index]?.thumbnailUrl}
                onStored={(media) => form.setValue(`${base}.thumbnailUrl`, media.url, { shouldDirty: true })}
                onClear={() => form.setValue(`${base}.thumbnailUrl`, '', { shouldDirty: true })}
              />
            )}
            {type === 'HTML' && (
              <Field label={t('buttonHtml')} error={errors?.[index]?.buttonContentHtml}>
                {(p) => <textarea {...p} rows={3} {...form.register(`${base}.buttonContentHtml`)} />}
              </Field>
            )}
            <LinkTypeField form={form} name={`${base}.buttonLinkType`} survey />
            {form.watch(`${base}.buttonLinkType`) === 'survey' ? (
              <SurveyPicker
                siteId={site.id}
                label={t('linkedSurvey')}
                value={form.watch(`${base}.linkedSurveyId`)}
                error={errors?.[index]?.linkedSurveyId}
                onChange={(surveyId) => form.setValue(`${base}.linkedSurveyId`, surveyId, { shouldDirty: true })}
              />
            ) : (
              <DestinationPicker control={form.control} name={`${base}.linkDestinationUrl`} kind={form.watch(`${base}.buttonLinkType`)} />
            )}
            <ColorField control={form.control} name={`${base}.buttonColor`} label={t('linkButtonColor')} />
            <ColorField control={form.control} name={`${base}.buttonTextColor`} label={t('linkTextColor')} />
            <Side form={form} name={`${base}.position`} />
            <Placement
              form={form}
              names={[
                ['left', `${base}.buttonPositionX`],
                ['top', `${base}.buttonPositionY`],
                ['width', `${base}.buttonWidth`],
                ['height', `${base}.buttonHeight`],
              ]}
            />
            <button type="button" className="secondary" onClick={() => list.remove(index)}>
              {t('remove')}
            </button>
          </div>
        );
      })}
      <button type="button" className="secondary" onClick={() => list.append(campaignButtonSchema.parse({ id: newId(), buttonText: 'CTA' }))}>
        {t('addButton')}
      </button>
    </fieldset>
  );
}

function Links({ form }: Props) {
  const { t } = useI18n();
  const list = useFieldArray({ control: form.control, name: 'campaign.links' });
  return (
    <fieldset className="card stack">
      <legend>{t('links')}</legend>
      {list.fields.map((field, index) => {
        const base = `campaign.links.${index}` as const;
        return (
          <div key={field.id} className="item-row" data-testid={`campaign-link-${index}`}>
            <LinkTypeField form={form} name={`${base}.linkType`} />
            <DestinationPicker control={form.control} name={`${base}.linkDestinationUrl`} kind={form.watch(`${base}.linkType`)} />
            <Placement
              form={form}
              names={[
                ['left', `${base}.positionLeft`],
                ['top', `${base}.positionTop`],
                ['width', `${base}.width`],
                ['height', `${base}.height`],
              ]}
            />
            <button type="button" className="secondary" onClick={() => list.remove(index)}>
              {t('remove')}
            </button>
          </div>
        );
      })}
      <button type="button" className="secondary" onClick={() => list.append(campaignLinkSchema.parse({ id: newId() }))}>
        {t('addLink')}
      </button>
    </fieldset>
  );
}
