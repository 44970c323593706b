import '../../i18n/catalogue-plans.ts';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import type { UserPlanView } from '../../../../../model/plan-change.ts';
import { request } from '../../api/request.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { useSession } from '../../session.tsx';
import { useToast } from '../../ui/toast.tsx';
import { ErrorPage } from '../ErrorPage.tsx';
import { CardPanel } from '../payments/CardPanel.tsx';
import { PaymentHistory } from '../payments/PaymentHistory.tsx';
import { CommercialTerms } from './CommercialTerms.tsx';
import { firstDayOf, holdsPlan } from './plan-rules.ts';

/**
 * /{prefix}/plan (spec B §2 plan confirmation): the account's plan and this month's page views
 * against its limit (a warning over it; visitors are never blocked), the pending change with
 * the date it applies (the 1st of next month, Japan time) and a way to cancel it, and the plans
 * it may change to (its seller's), each leading to /{prefix}/check-plan; then the card on file
 * and the payment history.
 */
export default function PlanScreen() {
  const { t } = useI18n();
  const toast = useToast();
  const { account } = useSession();
  const [view, setView] = useState<UserPlanView | null>(null);
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
  const nameOf = (planId: string) => view.choices.find((plan) => plan.id === planId)?.name ?? planId;
  const cancel = async () => {
    try {
      setView(await request('DELETE /user-plan/change', {}));
      toast(t('pl.cancelled'));
    } catch {
      // Said by the client.
    }
  };
  const yen = (amount: number) => t('pl.yen', { amount: amount.toLocaleString('ja-JP') });
  return (
    <section className="stack">
      <div className="card stack">
        <h1>{t('pl.yourPlan')}</h1>
        {view.current ? (
          <p data-testid="current-plan">
            <strong>{view.current.name}</strong> · {yen(view.current.price)}
          </p>
        ) : (
          <p>{t('pl.noPlan')}</p>
        )}
        {view.usage && (
          <div className="stack">
            <label htmlFor="pv-usage">{t('pl.usage', { month: view.usage.month })}</label>
            <meter id="pv-usage" className="pv-meter" min={0} max={Math.max(view.usage.limitAccess, 1)} high={view.usage.limitAccess * 0.9} value={view.usage.pageViews}>
              {view.usage.pageViews}
            </meter>
            <span>{t('pl.usageOf', { views: view.usage.pageViews.toLocaleString('ja-JP'), limit: view.usage.limitAccess.toLocaleString('ja-JP') })}</span>
            {view.usage.over && (
              <p className="field-error" role="alert">
                {t('pl.overLimit', { price: view.usage.limitAccessPrice.toLocaleString('ja-JP') })}
              </p>
            )}
          </div>
        )}
        {view.pending && (
          <div className="row spread" role="status" data-testid="pending-change">
            <p>{t('pl.pending', { plan: nameOf(view.pending.toPlanId), date: firstDayOf(view.pending.effectiveMonth) })}</p>
            <button type="button" className="secondary" onClick={() => void cancel()}>
              {t('pl.cancelPending')}
            </button>
          </div>
        )}
      </div>
      {view.current && (
        <div className="card stack">
          <h2>{t('pl.choices')}</h2>
          <table>
            <thead>
              <tr>
                <th scope="col">{t('pl.name')}</th>
                <th scope="col">{t('pl.price')}</th>
                <th scope="col">{t('pl.limitAccess')}</th>
                <th scope="col">{t('pl.quantitySite')}</th>
                <th scope="col">
                  <span className="sr-only">{t('pl.choose')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {view.choices.map((plan) => (
                <tr key={plan.id}>
                  <td>{plan.name}</td>
                  <td>{yen(plan.price)}</td>
                  <td>{plan.limitAccess.toLocaleString('ja-JP')}</td>
                  <td>{plan.quantitySite}</td>
                  <td>
                    {plan.id === view.current?.id ? (
                      <span className="badge">{t('pl.current')}</span>
                    ) : (
                      !view.pending && (
                        <Link href={`${prefix}/check-plan?planId=${encodeURIComponent(plan.id)}`} aria-label={`${t('pl.choose')}: ${plan.name}`}>
                          {t('pl.choose')}
                        </Link>
                      )
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <CommercialTerms />
        </div>
      )}
      {/* Spec B §2's plan confirmation carries the payment history and the card edit too. */}
      <CardPanel accountId={account!.tenantId} />
      <PaymentHistory accountId={account!.tenantId} />
    </section>
  );
}
