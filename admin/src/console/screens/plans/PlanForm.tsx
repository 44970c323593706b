import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { DEFAULT_VIDEO_SECONDS } from '../../../../../model/constants.ts';
import { PLAN_FLAGS, PLAN_TIERS, planInputSchema, type Plan } from '../../../../../model/plan.ts';
import { messageResolver } from '../../forms/message-resolver.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { Check, Field } from '../../ui/Field.tsx';

type PlanInput = z.output<typeof planInputSchema>;

const AMOUNTS = ['price', 'initialFee', 'licenseFee', 'quantitySwipe', 'quantitySite', 'limitAccess', 'limitAccessPrice', 'storageQuotaMb', 'maxVideoSeconds'] as const;

const BLANK: PlanInput = {
  name: '',
  tier: 'light',
  multilingual: false,
  price: 0,
  initialFee: 100_000,
  licenseFee: 0,
  quantitySwipe: 20,
  quantitySite: 1,
  limitAccess: 30_000,
  limitAccessPrice: 0,
  storageQuotaMb: 1024,
  maxVideoSeconds: DEFAULT_VIDEO_SECONDS,
  swipe: true,
  privateDomain: false,
  settingPopupCta: false,
  settingFormContact: false,
  analyticsEffect: false,
  settingTagSeo: false,
  multiLanguage: false,
  poweredBy: false,
};

/** Every field and flag of a plan (spec B §3, with the fees and the powered-by footer); `editing` null for a new plan. */
export function PlanForm({ editing, onSave, onCancel }: { editing: Plan | null; onSave: (input: PlanInput) => Promise<void>; onCancel: () => void }) {
  const { t, lang } = useI18n();
  const form = useForm<z.input<typeof planInputSchema>, unknown, PlanInput>({ resolver: messageResolver(planInputSchema, lang), defaultValues: editing ?? BLANK });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    await onSave(values);
  });
  return (
    <form className="card stack" onSubmit={submit} aria-labelledby="plan-form-title" noValidate>
      <h2 id="plan-form-title">{editing ? t('pl.edit', { name: editing.name }) : t('pl.create')}</h2>
      {editing && <p className="hint">{t('pl.inUseNote')}</p>}
      <div className="row">
        <Field label={t('pl.name')} error={errors.name}>
          {(props) => <input {...props} {...form.register('name')} maxLength={50} />}
        </Field>
        <Field label={t('pl.tier')} error={errors.tier}>
          {(props) => (
            <select {...props} {...form.register('tier')}>
              {PLAN_TIERS.map((tier) => (
                <option key={tier} value={tier}>
                  {tier}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Check label={t('pl.multilingual')} {...form.register('multilingual')} />
      </div>
      <div className="row">
        {AMOUNTS.map((key) => (
          <Field key={key} label={t(`pl.${key}`)} error={errors[key]}>
            {(props) => <input {...props} type="number" min={0} step={1} inputMode="numeric" {...form.register(key, { valueAsNumber: true })} />}
          </Field>
        ))}
      </div>
      <fieldset className="stack">
        <legend>{t('pl.features')}</legend>
        {PLAN_FLAGS.map((flag) => (
          <Check key={flag} label={t(`pl.flag.${flag}`)} {...form.register(flag)} />
        ))}
        <Check label={t('pl.flag.poweredBy')} {...form.register('poweredBy')} />
      </fieldset>
      <div className="actions">
        <button type="submit" disabled={isSubmitting}>
          {t('pl.save')}
        </button>
        <button type="button" className="secondary" onClick={onCancel}>
          {t('pl.cancelEdit')}
        </button>
      </div>
    </form>
  );
}
