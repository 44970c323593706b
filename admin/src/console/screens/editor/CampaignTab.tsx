import { useFieldArray, useForm } from 'react-hook-form';
import { linkTypeSchema } from '../../../../../model/page.ts';
import { campaignBannerSchema, campaignButtonSchema, campaignLinkSchema, campaignPositionLpSchema, campaignSchema, campaignSideSchema, type Campaign } from '../../../../../model/site.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { Check, Field } from '../../ui/Field.tsx';
import { useToast } from '../../ui/toast.tsx';
import type { EditorProps } from './SiteEditor.tsx';
import { optionalDateField, pageOrdersField } from './pages-field.ts';
import { saveSettings, settingsResolver } from './settings-form.ts';

const newId = () => crypto.randomUUID();

/** Campaign editor (spec §3, visitor §4): dates, pages, background, and the side panels' banners, buttons and links. */
export function CampaignTab({ site, onSaved }: EditorProps) {
  const { t } = useI18n();
  const toast = useToast();
  const form = useForm<{ campaign: Campaign }>({ resolver: settingsResolver(site.settings), defaultValues: { campaign: site.settings.campaign ?? campaignSchema.parse({}) } });
  const banners = useFieldArray({ control: form.control, name: 'campaign.banners' });
  const buttons = useFieldArray({ control: form.control, name: 'campaign.buttons' });
  const links = useFieldArray({ control: form.control, name: 'campaign.links' });
  const e = form.formState.errors.campaign;
  const submit = form.handleSubmit(async (values) => {
    try {
      onSaved(await saveSettings(site, values, ['campaign']));
      toast(t('saved'));
    } catch {
      // Kept as typed.
    }
  });
  const side = (name: `campaign.${'banners' | 'buttons'}.${number}.position`) => (
    <Field label={t('side')}>{(p) => <select {...p} {...form.register(name)}>{campaignSideSchema.options.map((value) => <option key={value}>{value}</option>)}</select>}</Field>
  );
  return (
    <form onSubmit={submit} noValidate className="stack" aria-label={t('tab.campaign')}>
      <section className="card stack">
        <Field label={t('campaignName')} error={e?.name}>{(p) => <input {...p} {...form.register('campaign.name')} />}</Field>
        <div className="row">
          <Field label={t('startDate')} error={e?.startDate}>{(p) => <input {...p} placeholder="2025-04-01T00:00:00+09:00" {...form.register('campaign.startDate', optionalDateField)} />}</Field>
          <Field label={t('endDate')} error={e?.endDate}>{(p) => <input {...p} placeholder="2025-04-30T23:59:00+09:00" {...form.register('campaign.endDate', optionalDateField)} />}</Field>
        </div>
        <div className="row">
          <Field label={t('backgroundColor')} error={e?.backgroundColor}>{(p) => <input {...p} {...form.register('campaign.backgroundColor')} />}</Field>
          <Field label={t('backgroundOpacity')} error={e?.backgroundOpacity}>{(p) => <input {...p} type="number" min={0} max={100} {...form.register('campaign.backgroundOpacity', { valueAsNumber: true })} />}</Field>
          <Field label={t('positionLp')}>{(p) => <select {...p} {...form.register('campaign.positionLp')}>{campaignPositionLpSchema.options.map((value) => <option key={value}>{value}</option>)}</select>}</Field>
        </div>
        <Field label={t('effectivePages')} error={e?.effectivePages}>{(p) => <input {...p} {...form.register('campaign.effectivePages', pageOrdersField)} />}</Field>
        <Check label={t('isOnClickCount')} {...form.register('campaign.isOnClickCount')} />
      </section>
      <fieldset className="card stack">
        <legend>{t('banners')}</legend>
        {banners.fields.map((field, index) => (
          <div key={field.id} className="item-row">
            <Field label={t('mediaUrl')} error={e?.banners?.[index]?.mediaUrl}>{(p) => <input {...p} {...form.register(`campaign.banners.${index}.mediaUrl`)} />}</Field>
            <Field label={t('linkDestinationUrl')} error={e?.banners?.[index]?.linkDestinationUrl}>{(p) => <input {...p} {...form.register(`campaign.banners.${index}.linkDestinationUrl`)} />}</Field>
            {side(`campaign.banners.${index}.position`)}
            <button type="button" className="secondary" onClick={() => banners.remove(index)}>{t('remove')}</button>
          </div>
        ))}
        <button type="button" className="secondary" onClick={() => banners.append(campaignBannerSchema.parse({ id: newId() }))}>{t('addBanner')}</button>
      </fieldset>
      <fieldset className="card stack">
        <legend>{t('buttons')}</legend>
        {buttons.fields.map((field, index) => (
          <div key={field.id} className="item-row">
            <Field label={t('buttonText')} error={e?.buttons?.[index]?.buttonText}>{(p) => <input {...p} {...form.register(`campaign.buttons.${index}.buttonText`)} />}</Field>
            <Field label={t('linkDestinationUrl')} error={e?.buttons?.[index]?.linkDestinationUrl}>{(p) => <input {...p} {...form.register(`campaign.buttons.${index}.linkDestinationUrl`)} />}</Field>
            {side(`campaign.buttons.${index}.position`)}
            <button type="button" className="secondary" onClick={() => buttons.remove(index)}>{t('remove')}</button>
          </div>
        ))}
        <button type="button" className="secondary" onClick={() => buttons.append(campaignButtonSchema.parse({ id: newId(), buttonText: 'CTA' }))}>{t('addButton')}</button>
      </fieldset>
      <fieldset className="card stack">
        <legend>{t('links')}</legend>
        {links.fields.map((field, index) => (
          <div key={field.id} className="item-row">
            <Field label={t('linkType')}>{(p) => <select {...p} {...form.register(`campaign.links.${index}.linkType`)}>{linkTypeSchema.options.map((value) => <option key={value}>{value}</option>)}</select>}</Field>
            <Field label={t('linkDestinationUrl')} error={e?.links?.[index]?.linkDestinationUrl}>{(p) => <input {...p} {...form.register(`campaign.links.${index}.linkDestinationUrl`)} />}</Field>
            <button type="button" className="secondary" onClick={() => links.remove(index)}>{t('remove')}</button>
          </div>
        ))}
        <button type="button" className="secondary" onClick={() => links.append(campaignLinkSchema.parse({ id: newId() }))}>{t('addLink')}</button>
      </fieldset>
      <button type="submit">{t('save')}</button>
    </form>
  );
}
