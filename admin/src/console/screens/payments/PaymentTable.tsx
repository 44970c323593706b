import { useId, useState, type FormEvent } from 'react';
import type { Answer } from '../../api/request.ts';
import { request } from '../../api/request.ts';
import '../../i18n/catalogue-payments.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { canChange, useSession } from '../../session.tsx';
import { useConfirm } from '../../ui/ConfirmDialog.tsx';
import { useToast } from '../../ui/toast.tsx';

export type PaymentRow = Answer<'GET /payment'>['payments'][number];

/** Spec B §6: force-completion is the platform's; transfers and charges also an OEM master's, for its customers. */
const PLATFORM = ['MASTER', 'MASTER_USER'];
const OPERATORS = ['MASTER', 'MASTER_USER', 'OEM_MASTER'];

const yen = (amount: number) => `¥${amount.toLocaleString('ja-JP')}`;

/** What an operator may do with one row: its form opens under the row, one at a time. */
type Open = { invoiceId: string; action: 'force' | 'transfer' } | null;

/**
 * Payments as rows (spec B §3 Payment: month, blocks used, plan fee, PV fee, license fee, total,
 * method, state), with the operator's actions: force-complete an unpaid or failed one (a reason,
 * then a confirmation that it cannot be undone), mark a bank transfer paid, charge a card again.
 */
export function PaymentTable({ rows, showCompany, onChanged }: { rows: readonly PaymentRow[]; showCompany: boolean; onChanged(): void }) {
  const { t } = useI18n();
  const toast = useToast();
  const { account } = useSession();
  const { confirm, dialog } = useConfirm();
  const [open, setOpen] = useState<Open>(null);
  const [text, setText] = useState('');
  const ids = useId();
  const mayAct = account !== null && account !== undefined && canChange(account);
  const isPlatform = mayAct && PLATFORM.includes(account.effectiveType);
  const isOperator = mayAct && OPERATORS.includes(account.effectiveType);

  const submit = async (event: FormEvent, row: PaymentRow) => {
    event.preventDefault();
    if (!open) return;
    try {
      if (open.action === 'force') {
        if (!(await confirm({ message: t('pay.forceConfirm'), confirmLabel: t('pay.forceComplete'), danger: true }))) return;
        await request('POST /user/:id/bill/:invoiceId/force-complete', { params: { id: row.accountId, invoiceId: row.invoiceId }, body: { reason: text, confirm: true } });
        toast(t('pay.forceDone'));
      } else {
        await request('POST /user/:id/bill/:invoiceId/transfer-paid', { params: { id: row.accountId, invoiceId: row.invoiceId }, body: { transferName: text } });
        toast(t('pay.markedPaid'));
      }
      setOpen(null);
      setText('');
      onChanged();
    } catch {
      // Said by the client.
    }
  };

  const charge = async (row: PaymentRow) => {
    try {
      const answer = await request('POST /user/:id/bill/:invoiceId/charge', { params: { id: row.accountId, invoiceId: row.invoiceId } });
      toast(t('pay.charged', { status: t(`pay.state.${answer.status}`) }));
      onChanged();
    } catch {
      // Said by the client.
    }
  };

  const columns = showCompany ? 11 : 10;
  return (
    <>
      {dialog}
      <table data-testid="payment-table">
        <thead>
          <tr>
            <th scope="col">{t('pay.month')}</th>
            {showCompany && <th scope="col">{t('pay.company')}</th>}
            <th scope="col">{t('pay.blocks')}</th>
            <th scope="col">{t('pay.planFee')}</th>
            <th scope="col">{t('pay.pvFee')}</th>
            <th scope="col">{t('pay.licenseFee')}</th>
            <th scope="col">{t('pay.total')}</th>
            <th scope="col">{t('pay.method')}</th>
            <th scope="col">{t('pay.status')}</th>
            <th scope="col">{t('pay.transferName')}</th>
            <th scope="col">{t('pay.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.flatMap((row) => {
            const forceable = isPlatform && (row.status === 'unpaid' || row.status === 'failed');
            const transferable = isOperator && row.billingMethod === 'bank_transfer' && row.status === 'unpaid';
            const chargeable = isOperator && row.billingMethod === 'card' && (row.status === 'unpaid' || row.status === 'failed');
            const formOpen = open?.invoiceId === row.invoiceId;
            const lines = [
              <tr key={row.invoiceId} data-invoice={row.invoiceId}>
                <td>{row.period}</td>
                {showCompany && <td>{row.companyName}</td>}
                <td>{row.blocksUsed}</td>
                <td>{yen(row.planFee)}</td>
                <td>{yen(row.pvFee)}</td>
                <td>{yen(row.licenseFee)}</td>
                <td>{yen(row.total)}</td>
                <td>{t(`pay.method.${row.billingMethod}`)}</td>
                <td>
                  <span className={`badge badge-${row.status}`} data-testid="payment-status">
                    {t(`pay.state.${row.status}`)}
                  </span>
                  {row.failureCode && <small> ({row.failureCode})</small>}
                </td>
                <td>{row.transferName ?? '—'}</td>
                <td>
                  <div className="row">
                    {forceable && (
                      <button type="button" className="danger" aria-expanded={formOpen && open?.action === 'force'} onClick={() => setOpen({ invoiceId: row.invoiceId, action: 'force' })}>
                        {t('pay.forceComplete')}
                      </button>
                    )}
                    {transferable && (
                      <button type="button" className="secondary" aria-expanded={formOpen && open?.action === 'transfer'} onClick={() => setOpen({ invoiceId: row.invoiceId, action: 'transfer' })}>
                        {t('pay.markPaid')}
                      </button>
                    )}
                    {chargeable && (
                      <button type="button" className="secondary" onClick={() => void charge(row)}>
                        {t('pay.charge')}
                      </button>
                    )}
                  </div>
                </td>
              </tr>,
            ];
            if (formOpen)
              lines.push(
                <tr key={`${row.invoiceId}-form`}>
                  <td colSpan={columns}>
                    <form className="row" onSubmit={(event) => void submit(event, row)}>
                      <div className="field">
                        <label htmlFor={`${ids}-text`}>{open.action === 'force' ? t('pay.reason') : t('pay.transferName')}</label>
                        <input id={`${ids}-text`} required maxLength={open.action === 'force' ? 500 : 120} value={text} onChange={(event) => setText(event.target.value)} />
                      </div>
                      <button type="submit" className={open.action === 'force' ? 'danger' : undefined}>
                        {open.action === 'force' ? t('pay.forceComplete') : t('pay.markPaid')}
                      </button>
                      <button type="button" className="secondary" onClick={() => setOpen(null)}>
                        {t('pay.cancel')}
                      </button>
                    </form>
                  </td>
                </tr>,
              );
            return lines;
          })}
          {rows.length === 0 && (
            <tr>
              <td colSpan={columns}>{t('pay.none')}</td>
            </tr>
          )}
        </tbody>
      </table>
    </>
  );
}
