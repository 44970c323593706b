import { useCallback, useEffect, useState } from 'react';
import { request } from '../../api/request.ts';
import '../../i18n/catalogue-payments.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { PaymentTable, type PaymentRow } from './PaymentTable.tsx';

/** An account's payment history (user detail and plan confirmation, spec B §2), with the operator's actions on each row. */
export function PaymentHistory({ accountId }: { accountId: string }) {
  const { t } = useI18n();
  const [rows, setRows] = useState<PaymentRow[] | null>(null);
  const load = useCallback(() => {
    void request('GET /user/:id/bill', { params: { id: accountId } })
      .then((body) => setRows(body.payments))
      .catch(() => setRows([]));
  }, [accountId]);
  useEffect(load, [load]);
  if (!rows) return null;
  return (
    <section className="card" aria-labelledby="payment-history-title" data-testid="payment-history">
      <h2 id="payment-history-title">{t('pay.history')}</h2>
      <PaymentTable rows={rows} showCompany={false} onChanged={load} />
    </section>
  );
}
