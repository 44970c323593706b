import { useId } from 'react';
import type { AdoptionByPlan } from '../../../../../model/dashboard.ts';
import '../../i18n/catalogue-dashboard.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { countText, shareText } from '../analytics/figures.ts';
import type { ReportState } from '../analytics/use-report.ts';
import { yenText } from './money.ts';

/** The accounts on each plan this month, most used first, with their share: each version of a plan its own row, since its terms differ. */
export function AdoptionTable({ adoption }: { adoption: ReportState<AdoptionByPlan> }) {
  const { t, lang } = useI18n();
  const id = useId();
  return (
    <section className="stack" aria-labelledby={id} aria-busy={adoption.status === 'loading'}>
      <h2 id={id}>{t('db.adoption')}</h2>
      {adoption.status === 'done' &&
        (adoption.data.plans.length === 0 ? (
          <p className="hint">{t('db.noPlans')}</p>
        ) : (
          <div className="table-scroll">
            <table data-testid="adoption-table">
              <caption>{t('db.adoptionMonth', { month: adoption.data.month })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('db.plan')}</th>
                  <th scope="col">{t('db.price')}</th>
                  <th scope="col">{t('db.accounts')}</th>
                  <th scope="col">{t('db.share')}</th>
                </tr>
              </thead>
              <tbody>
                {adoption.data.plans.map((plan) => (
                  <tr key={plan.planId} data-plan={plan.planId}>
                    <th scope="row">
                      {plan.name}
                      {plan.version > 1 && <span className="hint"> ({t('db.version', { n: plan.version })})</span>}
                    </th>
                    <td>{yenText(plan.price, lang)}</td>
                    <td>{countText(plan.accounts, lang)}</td>
                    <td>{shareText(plan.accounts / adoption.data.accounts, lang)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ))}
    </section>
  );
}
