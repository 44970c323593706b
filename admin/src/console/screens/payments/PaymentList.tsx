import { useCallback, useEffect, useId, useState } from 'react';
import { callPath } from '../../../../../model/contracts/contract.ts';
import { PAYMENT_STATUSES, type PaymentStatus } from '../../../../../model/payment.ts';
import { request } from '../../api/request.ts';
import '../../i18n/catalogue-payments.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { useSession } from '../../session.tsx';
import { CardPanel } from './CardPanel.tsx';
import { PaymentHistory } from './PaymentHistory.tsx';
import { PaymentTable, type PaymentRow } from './PaymentTable.tsx';

const OPERATORS = ['MASTER', 'MASTER_USER', 'OEM_MASTER'];

/**
 * /{prefix}/payments. For the platform and OEM masters: the payment list of their branch
 * (spec B §2), filtered by month and state, with the CSV export of the same rows. For everyone:
 * the account's own card and payment history (where the card flow returns to).
 */
export default function PaymentList() {
  const { t } = useI18n();
  const { account } = useSession();
  const ids = useId();
  const [month, setMonth] = useState('');
  const [status, setStatus] = useState<PaymentStatus | ''>('');
  const [rows, setRows] = useState<PaymentRow[] | null>(null);
  const isOperator = OPERATORS.includes(account!.effectiveType);
  const query = { month: month || undefined, status: status || undefined };
  const load = useCallback(() => {
    if (!isOperator) return;
    void request('GET /payment', { query: { month: month || undefined, status: status || undefined } })
      .then((body) => setRows(body.payments))
      .catch(() => setRows([]));
  }, [isOperator, month, status]);
  useEffect(load, [load]);
  return (
    <section className="stack">
      {isOperator && (
        <div className="card stack">
          <h1>{t('pay.title')}</h1>
          <search className="row filters">
            <div className="field">
              <label htmlFor={`${ids}-month`}>{t('pay.month')}</label>
              <input id={`${ids}-month`} type="month" value={month} onChange={(event) => setMonth(event.target.value)} />
            </div>
            <div className="field">
              <label htmlFor={`${ids}-status`}>{t('pay.status')}</label>
              <select id={`${ids}-status`} value={status} onChange={(event) => setStatus(PAYMENT_STATUSES.find((one) => one === event.target.value) ?? '')}>
                <option value="">{t('pay.all')}</option>
                {PAYMENT_STATUSES.map((one) => (
                  <option key={one} value={one}>
                    {t(`pay.state.${one}`)}
                  </option>
                ))}
              </select>
            </div>
            <a className="button" href={callPath('GET /payment/export-csv', {}, query)} download data-testid="payment-export">
              {t('pay.export')}
            </a>
          </search>
          {rows && <PaymentTable rows={rows} showCompany onChanged={load} />}
        </div>
      )}
      <CardPanel accountId={account!.tenantId} />
      <PaymentHistory accountId={account!.tenantId} />
    </section>
  );
}
