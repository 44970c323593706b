import * as Tabs from '@radix-ui/react-tabs';
import { useFieldArray, useForm } from 'react-hook-form';
import { formInputTypeSchema, seoSchema, SNS_TYPES, type FormType, type SiteSettings } from '../../../../../model/site.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { Check, Field } from '../../ui/Field.tsx';
import { maxLengthAt } from '../../ui/length-counter.ts';
import { useToast } from '../../ui/toast.tsx';
import { formFieldLabel, hasDefaultLabel } from '../../../../../model/form-field-label.ts';
import { useEditorSite } from './editor-context.tsx';
import { saveSettings, settingsResolver } from './settings-form.ts';

const SECTIONS = ['seo', 'sns', 'contact', 'membership', 'form', 'phone', 'company'] as const;

/** Other settings (spec §2): SEO and tags, SNS, the three form builders, phone number, company information. */
export function OtherTab() {
  const { t } = useI18n();
  return (
    <Tabs.Root defaultValue="seo" className="tabs" orientation="vertical">
      <Tabs.List aria-label={t('tab.other')} className="tab-list sub">
        {SECTIONS.map((name) => (
          <Tabs.Trigger key={name} value={name} className="tab">
            {t(`other.${name}`)}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <Tabs.Content forceMount value="seo">
        <SeoSection />
      </Tabs.Content>
      <Tabs.Content forceMount value="sns">
        <SnsSection />
      </Tabs.Content>
      <Tabs.Content forceMount value="contact">
        <FormBuilder kind="CONTACT_SETTING" script="contactScript" />
      </Tabs.Content>
      <Tabs.Content forceMount value="membership">
        <FormBuilder kind="MEMBERSHIP_SETTING" script="membershipScript" />
      </Tabs.Content>
      <Tabs.Content forceMount value="form">
        <FormBuilder kind="HOMEPAGE_SETTING" script="formScript" />
      </Tabs.Content>
      <Tabs.Content forceMount value="phone">
        <PhoneSection />
      </Tabs.Content>
      <Tabs.Content forceMount value="company">
        <CompanySection />
      </Tabs.Content>
    </Tabs.Root>
  );
}

/** A settings form whose `keys` alone are saved; it holds the whole settings, so every path is typed. */
function useSettingsPart(keys: readonly (keyof SiteSettings)[]) {
  const { site, onSaved } = useEditorSite();
  const { t, lang } = useI18n();
  const toast = useToast();
  const form = useForm<SiteSettings, unknown, SiteSettings>({ resolver: settingsResolver((values) => values, lang), defaultValues: site.settings });
  const submit = form.handleSubmit(async (values) => {
    try {
      const next = await saveSettings(site, values, keys);
      form.reset(next.settings);
      onSaved(next);
      toast(t('saved'));
    } catch {
      // The message was shown; the typed values stay.
    }
  });
  return { form, submit };
}

const SEO_FIELDS = [
  ['title', 'seoTitle'],
  ['h1', 'seoH1'],
  ['description', 'seoDescription'],
  ['head', 'seoHead'],
  ['body', 'seoBody'],
] as const;

function SeoSection() {
  const { t } = useI18n();
  const { form, submit } = useSettingsPart(['seo']);
  const errors = form.formState.errors.seo;
  const typed = form.watch('seo');
  return (
    <form onSubmit={submit} noValidate className="stack card" aria-label={t('other.seo')}>
      {SEO_FIELDS.map(([key, label]) => {
        const max = maxLengthAt(seoSchema, key);
        return (
          <Field key={key} label={t(label)} error={errors?.[key]} count={max === undefined ? undefined : { length: typed[key].length, max }}>
            {(field) => (key === 'head' || key === 'body' ? <textarea {...field} rows={4} {...form.register(`seo.${key}`)} /> : <input {...field} {...form.register(`seo.${key}`)} />)}
          </Field>
        );
      })}
      <button type="submit">{t('save')}</button>
    </form>
  );
}

function SnsSection() {
  const { t } = useI18n();
  const { form, submit } = useSettingsPart(['sns']);
  const list = useFieldArray({ control: form.control, name: 'sns' });
  return (
    <form onSubmit={submit} noValidate className="stack card" aria-label={t('other.sns')}>
      {list.fields.map((field, index) => (
        <div key={field.id} className="item-row">
          <Field label={t('snsType')}>
            {(p) => (
              <select {...p} {...form.register(`sns.${index}.snsType`)}>
                {SNS_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t(`sns.${type}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={t('snsUrl')} error={form.formState.errors.sns?.[index]?.snsUrl}>
            {(p) => <input {...p} {...form.register(`sns.${index}.snsUrl`)} />}
          </Field>
          <button type="button" className="secondary" onClick={() => list.remove(index)}>
            {t('remove')}
          </button>
        </div>
      ))}
      <button type="button" className="secondary" onClick={() => list.append({ snsType: 'instagram', snsUrl: '' })}>
        {t('addSns')}
      </button>
      <button type="submit">{t('save')}</button>
    </form>
  );
}

/** The phone number is the site's phone_number social link. */
function PhoneSection() {
  const { site, onSaved } = useEditorSite();
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
function FormBuilder({ kind, script }: { kind: FormType; script: 'contactScript' | 'membershipScript' | 'formScript' }) {
  const { t } = useI18n();
  const { site } = useEditorSite();
  const { form, submit } = useSettingsPart(['forms', 'scripts']);
  const list = useFieldArray({ control: form.control, name: `forms.${kind}` });
  const errors = form.formState.errors.forms?.[kind];
  const renumber = () =>
    form.getValues(`forms.${kind}`).forEach((_, index) => {
      form.setValue(`forms.${kind}.${index}.orderNum`, index);
    });
  const label = { CONTACT_SETTING: 'other.contact', MEMBERSHIP_SETTING: 'other.membership', HOMEPAGE_SETTING: 'other.form' } as const;
  return (
    <form
      onSubmit={(event) => {
        renumber();
        void submit(event);
      }}
      noValidate
      className="stack card"
      aria-label={t(label[kind])}
    >
      <ol className="form-fields">
        {list.fields.map((field, index) => {
          const type = form.watch(`forms.${kind}.${index}.typeInput`);
          const key = form.watch(`forms.${kind}.${index}.value`);
          return (
            <li key={field.id} className="item-row" data-testid={`form-field-${index}`}>
              <Field label={t('fieldTitle')} error={errors?.[index]?.title} {...(hasDefaultLabel(key) ? { hint: t('fieldTitleDefault') } : {})}>
                {(p) => <input {...p} {...form.register(`forms.${kind}.${index}.title`)} placeholder={hasDefaultLabel(key) ? formFieldLabel({ title: '', value: key }, site.lang) : undefined} />}
              </Field>
              <Field label={t('fieldType')}>
                {(p) => (
                  <select {...p} {...form.register(`forms.${kind}.${index}.typeInput`)}>
                    {formInputTypeSchema.options.map((input) => (
                      <option key={input} value={input}>
                        {t(`input.${input}`)}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <Field label={t('placeholder')}>{(p) => <input {...p} {...form.register(`forms.${kind}.${index}.placeholder`)} />}</Field>
              {(type === 'SELECT' || type === 'SELECT_OPTIONS') && (
                <Field label={t('options')} error={errors?.[index]?.options}>
                  {(p) => (
                    <textarea
                      {...p}
                      rows={3}
                      defaultValue={form
                        .getValues(`forms.${kind}.${index}.options`)
                        .map((option) => option.value)
                        .join('\n')}
                      onChange={(event) =>
                        form.setValue(
                          `forms.${kind}.${index}.options`,
                          event.target.value
                            .split('\n')
                            .map((value) => value.trim())
                            .filter(Boolean)
                            .map((value) => ({ value })),
                          { shouldDirty: true },
                        )
                      }
                    />
                  )}
                </Field>
              )}
              <Check label={t('required')} {...form.register(`forms.${kind}.${index}.isRequired`)} />
              <div className="row">
                <button type="button" className="secondary" disabled={index === 0} onClick={() => list.move(index, index - 1)}>
                  {t('up')}
                </button>
                <button type="button" className="secondary" disabled={index === list.fields.length - 1} onClick={() => list.move(index, index + 1)}>
                  {t('down')}
                </button>
                <button type="button" className="secondary" onClick={() => list.remove(index)}>
                  {t('remove')}
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        className="secondary"
        onClick={() => list.append({ typeForm: kind, typeInput: 'TEXT_BOX', title: '', value: '', isRequired: false, placeholder: '', options: [], orderNum: list.fields.length })}
      >
        {t('addField')}
      </button>
      <Field label={t('formScript')}>{(p) => <textarea {...p} rows={3} {...form.register(`scripts.${script}`)} />}</Field>
      <button type="submit">{t('save')}</button>
    </form>
  );
}

const COMPANY_TEXTS = ['companyProfile', 'companyClause', 'termsOfService', 'privacyPolicy'] as const;
const COMPANY_SWITCHES = ['showInContact', 'showInForm', 'showInMemberShip'] as const;

function CompanySection() {
  const { t } = useI18n();
  const { form, submit } = useSettingsPart(['company']);
  const errors = form.formState.errors.company;
  return (
    <form onSubmit={submit} noValidate className="stack card" aria-label={t('other.company')}>
      <Field label={t('companyWebsite')} error={errors?.companyWebsite}>
        {(p) => <input {...p} {...form.register('company.companyWebsite')} />}
      </Field>
      {COMPANY_TEXTS.map((key) => (
        <Field key={key} label={t(key)} error={errors?.[key]}>
          {(p) => <textarea {...p} rows={4} {...form.register(`company.${key}`)} />}
        </Field>
      ))}
      {COMPANY_SWITCHES.map((key) => (
        <Check key={key} label={t(key)} {...form.register(`company.${key}`)} />
      ))}
      <button type="submit">{t('save')}</button>
    </form>
  );
}
