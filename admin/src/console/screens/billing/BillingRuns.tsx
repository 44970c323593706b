import { useEffect, useId, useState } from 'react';
import { addMonths, billingMonthOf, billingMonthSchema } from '../../../../../model/billing-month.ts';
import type { BillingRun } from '../../../../../model/invoice.ts';
import { invoiceText } from '../../../../../model/invoice-texts.ts';
import { request } from '../../api/request.ts';
import { useI18n } from '../../i18n/i18n.tsx';

const POLL_MS = 2_000;

/**
 * The platform's view of a month's billing runs and their progress (accounts done of the
 * total), last month by default; followed every two seconds while one is running.
 */
export function BillingRuns() {
  const { lang } = useI18n();
  const monthId = useId();
  const [month, setMonth] = useState(() => addMonths(billingMonthOf(Date.now()), -1));
  const [runs, setRuns] = useState<BillingRun[] | null>(null);
  const it = (key: Parameters<typeof invoiceText>[1], values?: Parameters<typeof invoiceText>[2]) => invoiceText(lang, key, values);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let current = true;
    const load = () =>
      request('GET /billing-run', { query: { month } }).then(({ runs: next }) => {
        if (!current) return;
        setRuns(next);
        if (next.some((run) => run.status === 'running')) timer = setTimeout(load, POLL_MS);
      });
    void load();
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [month]);

  return (
    <section className="card stack narrow-card" aria-labelledby="billing-runs-title">
      <h2 id="billing-runs-title">{it('billingRuns')}</h2>
      <p className="hint">{it('billingRunsHint')}</p>
      <div className="field">
        <label htmlFor={monthId}>{it('month')}</label>
        <input
          id={monthId}
          type="month"
          value={month}
          onChange={(event) => {
            const parsed = billingMonthSchema.safeParse(event.target.value);
            if (parsed.success) setMonth(parsed.data);
          }}
        />
      </div>
      {runs === null ? null : runs.length === 0 ? (
        <p>{it('noRuns')}</p>
      ) : (
        <ul className="stack" aria-live="polite">
          {runs.map((run) => (
            <li key={run.id}>
              <strong>{it(`runStatus.${run.status}`)}</strong> {new Date(run.startedAt).toLocaleString()} — {it('runProgress', { done: run.accountsDone, total: run.accountsTotal })}
              <progress
                max={Math.max(run.accountsTotal, 1)}
                value={run.accountsDone}
                aria-label={it('runProgress', { done: run.accountsDone, total: run.accountsTotal })}
                style={{ display: 'block', width: '100%' }}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
