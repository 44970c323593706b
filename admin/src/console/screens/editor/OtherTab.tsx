import * as Tabs from '@radix-ui/react-tabs';
import { useFieldArray, useForm } from 'react-hook-form';
import { formInputTypeSchema, SNS_TYPES, type FormType, type SiteSettings } from '../../../../../model/site.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { Check, Field } from '../../ui/Field.tsx';
import { useToast } from '../../ui/toast.tsx';
import type { EditorProps } from './SiteEditor.tsx';
import { pick, saveSettings, settingsResolver } from './settings-form.ts';

const SECTIONS = ['seo', 'sns', 'contact', 'membership', 'form', 'phone', 'company'] as const;

/** Other settings (spec §2): SEO and tags, SNS, the three form builders, phone number, company information. */
export function OtherTab(props: EditorProps) {
  const { t } = useI18n();
  return (
    <Tabs.Root defaultValue="seo" className="tabs" orientation="vertical">
      <Tabs.List aria-label={t('tab.other')} className="tab-list sub">
        {SECTIONS.map((name) => <Tabs.Trigger key={name} value={name} className="tab">{t(`other.${name}`)}</Tabs.Trigger>)}
      </Tabs.List>
      <Tabs.Content forceMount value="seo"><SeoSection {...props} /></Tabs.Content>
      <Tabs.Content forceMount value="sns"><SnsSection {...props} /></Tabs.Content>
      <Tabs.Content forceMount value="contact"><FormBuilder {...props} kind="CONTACT_SETTING" script="contactScript" /></Tabs.Content>
      <Tabs.Content forceMount value="membership"><FormBuilder {...props} kind="MEMBERSHIP_SETTING" script="membershipScript" /></Tabs.Content>
      <Tabs.Content forceMount value="form"><FormBuilder {...props} kind="HOMEPAGE_SETTING" script="formScript" /></Tabs.Content>
      <Tabs.Content forceMount value="phone"><PhoneSection {...props} /></Tabs.Content>
      <Tabs.Content forceMount value="company"><CompanySection {...props} /></Tabs.Content>
    </Tabs.Root>
  );
}

/** One settings form over some keys, saved alone. */
function useSettingsPart<K extends keyof SiteSettings>({ site, onSaved }: EditorProps, keys: readonly K[]) {
  const { t, lang } = useI18n();
  const toast = useToast();
  const form = useForm<Pick<SiteSettings, K>>({ resolver: settingsResolver(site.settings, lang), defaultValues: pick(site.settings, keys) as never });
  const submit = form.handleSubmit(async (values) => {
    try {
      const next = await saveSettings(site, values as Partial<SiteSettings>, keys);
      form.reset(pick(next.settings, keys) as never);
      onSaved(next);
      toast(t('saved'));
    } catch {
      // The message was shown; the typed values stay.
    }
  });
  return { form, submit };
}

const SEO_FIELDS = [['title', 'seoTitle', 60], ['h1', 'seoH1', 70], ['description', 'seoDescription', 160], ['head', 'seoHead', 65535], ['body', 'seoBody', 65535]] as const;

function SeoSection(props: EditorProps) {
  const { t } = useI18n();
  const { form, submit } = useSettingsPart(props, ['seo']);
  const errors = form.formState.errors.seo;
  return (
    <form onSubmit={submit} noValidate className="stack card" aria-label={t('other.seo')}>
      {SEO_FIELDS.map(([key, label, max]) => (
        <Field key={key} label={`${t(label)} (≤ ${max})`} error={errors?.[key]}>
          {(field) => (max > 200 ? <textarea {...field} rows={4} {...form.register(`seo.${key}`)} /> : <input {...field} {...form.register(`seo.${key}`)} />)}
        </Field>
      ))}
      <button type="submit">{t('save')}</button>
    </form>
  );
}

function SnsSection(props: EditorProps) {
  const { t } = useI18n();
  const { form, submit } = useSettingsPart(props, ['sns']);
  const list = useFieldArray({ control: form.control, name: 'sns' as never });
  return (
    <form onSubmit={submit} noValidate className="stack card" aria-label={t('other.sns')}>
      {list.fields.map((field, index) => (
        <div key={field.id} className="item-row">
          <Field label={t('snsType')}>{(p) => <select {...p} {...form.register(`sns.${index}.snsType` as never)}>{SNS_TYPES.map((type) => <option key={type}>{type}</option>)}</select>}</Field>
          <Field label={t('snsUrl')} error={(form.formState.errors.sns as Record<number, { snsUrl?: { message?: string } }> | undefined)?.[index]?.snsUrl}>{(p) => <input {...p} {...form.register(`sns.${index}.snsUrl` as never)} />}</Field>
          <button type="button" className="secondary" onClick={() => list.remove(index)}>{t('remove')}</button>
        </div>
      ))}
      <button type="button" className="secondary" onClick={() => list.append({ snsType: 'instagram', snsUrl: '' } as never)}>{t('addSns')}</button>
      <button type="submit">{t('save')}</button>
    </form>
  );
}

/** The phone number is the site's phone_number social link. */
function PhoneSection({ site, onSaved }: EditorProps) {
  const { t } = useI18n();
  const toast = useToast();
  const current = site.settings.sns.find((sns) => sns.snsType === 'phone_number')?.snsUrl ?? '';
  const form = useForm<{ phone: string }>({ defaultValues: { phone: current } });
  const submit = form.handleSubmit(async ({ phone }) => {
    const others = site.settings.sns.filter((sns) => sns.snsType !== 'phone_number');
    const sns = phone.trim() ? [...others, { snsType: 'phone_number' as const, snsUrl: phone.trim() }] : others;
    try {
      onSaved(await saveSettings(site, { sns }, ['sns']));
      toast(t('saved'));
    } catch {
      // Kept as typed.
    }
  });
  return (
    <form onSubmit={submit} noValidate className="stack card narrow-card" aria-label={t('other.phone')}>
      <Field label={t('phoneNumber')}>{(p) => <input {...p} type="tel" {...form.register('phone')} />}</Field>
      <button type="submit">{t('save')}</button>
    </form>
  );
}

/** A form builder: add fields of the four input types, order them, make them required (spec §3). */
function FormBuilder(props: EditorProps & { kind: FormType; script: 'contactScript' | 'membershipScript' | 'formScript' }) {
  const { kind, script } = props;
  const { t } = useI18n();
  const { form, submit } = useSettingsPart(props, ['forms', 'scripts']);
  const list = useFieldArray({ control: form.control, name: `forms.${kind}` as never });
  const errors = (form.formState.errors.forms as Record<string, Record<number, Record<string, { message?: string }>>> | undefined)?.[kind];
  const renumber = () => (form.getValues(`forms.${kind}` as never) as unknown as { orderNum: number }[]).forEach((_, index) => form.setValue(`forms.${kind}.${index}.orderNum` as never, index as never));
  const label = { CONTACT_SETTING: 'other.contact', MEMBERSHIP_SETTING: 'other.membership', HOMEPAGE_SETTING: 'other.form' } as const;
  return (
    <form onSubmit={(event) => { renumber(); void submit(event); }} noValidate className="stack card" aria-label={t(label[kind])}>
      <ol className="form-fields">
        {list.fields.map((field, index) => {
          const type = form.watch(`forms.${kind}.${index}.typeInput` as never) as unknown as string;
          return (
            <li key={field.id} className="item-row" data-testid={`form-field-${index}`}>
              <Field label={t('fieldTitle')} error={errors?.[index]?.title}>{(p) => <input {...p} {...form.register(`forms.${kind}.${index}.title` as never)} />}</Field>
              <Field label={t('fieldType')}>{(p) => <select {...p} {...form.register(`forms.${kind}.${index}.typeInput` as never)}>{formInputTypeSchema.options.map((input) => <option key={input} value={input}>{t(`input.${input}`)}</option>)}</select>}</Field>
              <Field label={t('placeholder')}>{(p) => <input {...p} {...form.register(`forms.${kind}.${index}.placeholder` as never)} />}</Field>
              {(type === 'SELECT' || type === 'SELECT_OPTIONS') && (
                <Field label={t('options')} error={errors?.[index]?.options}>
                  {(p) => (
                    <textarea
                      {...p}
                      rows={3}
                      defaultValue={(form.getValues(`forms.${kind}.${index}.options` as never) as unknown as { value: string }[]).map((option) => option.value).join('\n')}
                      onChange={(event) => form.setValue(`forms.${kind}.${index}.options` as never, event.target.value.split('\n').map((value) => value.trim()).filter(Boolean).map((value) => ({ value })) as never, { shouldDirty: true })}
                    />
                  )}
                </Field>
              )}
              <Check label={t('required')} {...form.register(`forms.${kind}.${index}.isRequired` as never)} />
              <div className="row">
                <button type="button" className="secondary" disabled={index === 0} onClick={() => list.move(index, index - 1)}>{t('up')}</button>
                <button type="button" className="secondary" disabled={index === list.fields.length - 1} onClick={() => list.move(index, index + 1)}>{t('down')}</button>
                <button type="button" className="secondary" onClick={() => list.remove(index)}>{t('remove')}</button>
              </div>
            </li>
          );
        })}
      </ol>
      <button type="button" className="secondary" onClick={() => list.append({ typeForm: kind, typeInput: 'TEXT_BOX', title: '', value: '', isRequired: false, placeholder: '', options: [], orderNum: list.fields.length } as never)}>{t('addField')}</button>
      <Field label={t('formScript')}>{(p) => <textarea {...p} rows={3} {...form.register(`scripts.${script}` as never)} />}</Field>
      <button type="submit">{t('save')}</button>
    </form>
  );
}

const COMPANY_TEXTS = ['companyProfile', 'companyClause', 'termsOfService', 'privacyPolicy'] as const;
const COMPANY_SWITCHES = ['showInContact', 'showInForm', 'showInMemberShip'] as const;

function CompanySection(props: EditorProps) {
  const { t } = useI18n();
  const { form, submit } = useSettingsPart(props, ['company']);
  const errors = form.formState.errors.company;
  return (
    <form onSubmit={submit} noValidate className="stack card" aria-label={t('other.company')}>
      <Field label={t('companyWebsite')} error={errors?.companyWebsite}>{(p) => <input {...p} {...form.register('company.companyWebsite')} />}</Field>
      {COMPANY_TEXTS.map((key) => <Field key={key} label={t(key)} error={errors?.[key]}>{(p) => <textarea {...p} rows={4} {...form.register(`company.${key}`)} />}</Field>)}
      {COMPANY_SWITCHES.map((key) => <Check key={key} label={t(key)} {...form.register(`company.${key}`)} />)}
      <button type="submit">{t('save')}</button>
    </form>
  );
}
