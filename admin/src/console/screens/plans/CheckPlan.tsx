import '../../i18n/catalogue-plans.ts';
import { useEffect, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { needsAgreement, type UserPlanView } from '../../../../../model/plan-change.ts';
import { request } from '../../api/request.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { useSession } from '../../session.tsx';
import { Check } from '../../ui/Field.tsx';
import { useToast } from '../../ui/toast.tsx';
import { ErrorPage } from '../ErrorPage.tsx';
import { CommercialTerms } from './CommercialTerms.tsx';
import { firstDayOf, holdsPlan } from './plan-rules.ts';

/**
 * /{prefix}/check-plan?planId=… (spec B §2 plan confirmation): the chosen plan, the date it would
 * apply from, the commercial terms of §1, and, for a paid plan, the terms and privacy
 * agreements it cannot be requested without (§5).
 */
export default function CheckPlan() {
  const { t } = useI18n();
  const toast = useToast();
  const { account } = useSession();
  const [, navigate] = useLocation();
  const planId = new URLSearchParams(useSearch()).get('planId') ?? '';
  const [view, setView] = useState<UserPlanView | null>(null);
  const [agreeTerms, setAgreeTerms] = useState(false);
  const [agreePrivacy, setAgreePrivacy] = useState(false);
  const [sending, setSending] = useState(false);
  const allowed = holdsPlan(account!.effectiveType);
  useEffect(() => {
    if (allowed)
      request('GET /user-plan', {})
        .then(setView)
        .catch(() => {});
  }, [allowed]);
  if (!allowed) return <ErrorPage code="403" />;
  if (!view) return <p className="loading">{t('loading')}</p>;
  const prefix = `/${account!.routePrefix}`;
  const plan = view.choices.find((choice) => choice.id === planId);
  if (!plan || plan.id === view.current?.id) {
    return (
      <section className="card stack">
        <p>{t('pl.notChoosable')}</p>
        <Link href={`${prefix}/plan`}>{t('pl.back')}</Link>
      </section>
    );
  }
  const agreementNeeded = needsAgreement(plan);
  const ready = !agreementNeeded || (agreeTerms && agreePrivacy);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setSending(true);
    try {
      const answer = await request('POST /user-plan/change', { body: { planId: plan.id, agreeTerms, agreePrivacy } });
      toast(t('pl.requested', { date: firstDayOf(answer.pending?.effectiveMonth ?? view.nextMonth) }));
      navigate(`${prefix}/plan`);
    } catch {
      // Said by the client.
    } finally {
      setSending(false);
    }
  };
  const yen = (amount: number) => t('pl.yen', { amount: amount.toLocaleString('ja-JP') });
  return (
    <form className="card stack" onSubmit={(event) => void submit(event)} aria-labelledby="check-plan-title">
      <h1 id="check-plan-title">{t('pl.confirmTitle')}</h1>
      <dl>
        <dt>{t('pl.yourPlan')}</dt>
        <dd>{view.current?.name}</dd>
        <dt>{t('pl.plan')}</dt>
        <dd data-testid="chosen-plan">
          {plan.name} · {yen(plan.price)}
        </dd>
        <dt>{t('pl.initialFee')}</dt>
        <dd>{yen(plan.initialFee)}</dd>
        <dt>{t('pl.limitAccess')}</dt>
        <dd>
          {plan.limitAccess.toLocaleString('ja-JP')} · {t('pl.limitAccessPrice')}: {yen(plan.limitAccessPrice)}
        </dd>
      </dl>
      <p role="status">
        <strong>{t('pl.from', { date: firstDayOf(view.nextMonth) })}</strong>
      </p>
      <CommercialTerms />
      {agreementNeeded && (
        <fieldset className="stack">
          <Check label={t('pl.agreeTerms')} checked={agreeTerms} required onChange={(event) => setAgreeTerms(event.target.checked)} />
          <Check label={t('pl.agreePrivacy')} checked={agreePrivacy} required onChange={(event) => setAgreePrivacy(event.target.checked)} />
        </fieldset>
      )}
      <div className="actions">
        <button type="submit" disabled={!ready || sending}>
          {t('pl.submit')}
        </button>
        <Link href={`${prefix}/plan`}>{t('pl.back')}</Link>
      </div>
    </form>
  );
}
