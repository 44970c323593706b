import { useEffect, useState } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { AUTHORITIES } from '../../../../../model/account.ts';
import type { Plan } from '../../../../../model/plan.ts';
import { request } from '../../api/request.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { Check, Field } from '../../ui/Field.tsx';

/** The contract fields both the create and the edit form hold (spec §3 "User / contract"). */
export type ContractValues = {
  companyName: string;
  contactPerson: string;
  email: string;
  planId: string | null;
  contractStart: string | null;
  contractExpiry: string | null;
  authority: 'edit' | 'view';
  licenseIssued: boolean;
};

const emptyIsNull = { setValueAs: (value: unknown) => (value === '' || value === undefined ? null : value) };

/** How a form registers one of the contract fields: both forms pass `(name, options) => form.register(name, options)`. */
export type RegisterContractField = (name: keyof ContractValues, options?: typeof emptyIsNull) => UseFormRegisterReturn;

export function ContractFields({ register, errors }: { register: RegisterContractField; errors: Partial<Record<keyof ContractValues, FieldError>> }) {
  const { t } = useI18n();
  const plans = usePlans();
  return (
    <>
      <div className="row">
        <Field label={t('companyName')} error={errors.companyName}>
          {(p) => <input {...p} {...register('companyName')} />}
        </Field>
        <Field label={t('contactPerson')} error={errors.contactPerson}>
          {(p) => <input {...p} {...register('contactPerson')} />}
        </Field>
        <Field label={t('email')} error={errors.email}>
          {(p) => <input {...p} type="email" {...register('email')} />}
        </Field>
      </div>
      <div className="row">
        <Field label={t('plan')} error={errors.planId}>
          {(p) =>
            plans === null ? (
              <p className="loading">{t('loading')}</p>
            ) : (
              // Drawn once the plans are read, so the stored plan is the one selected.
              <select {...p} {...register('planId', emptyIsNull)}>
                <option value="">{t('noPlan')}</option>
                {plans.map((plan) => (
                  <option key={plan.id} value={plan.id}>
                    {plan.name}
                  </option>
                ))}
              </select>
            )
          }
        </Field>
        <Field label={t('contractStart')} error={errors.contractStart}>
          {(p) => <input {...p} type="date" {...register('contractStart', emptyIsNull)} />}
        </Field>
        <Field label={t('contractExpiry')} error={errors.contractExpiry}>
          {(p) => <input {...p} type="date" {...register('contractExpiry', emptyIsNull)} />}
        </Field>
        <Field label={t('authority')}>
          {(p) => (
            <select {...p} {...register('authority')}>
              {AUTHORITIES.map((value) => (
                <option key={value} value={value}>
                  {t(`authority.${value}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <Check label={t('licenseIssued')} {...register('licenseIssued')} />
    </>
  );
}

function usePlans(): Plan[] | null {
  const [plans, setPlans] = useState<Plan[] | null>(null);
  useEffect(() => {
    void request('GET /plan', {})
      .then((body) => setPlans(body.plans))
      .catch(() => setPlans([]));
  }, []);
  return plans;
}
