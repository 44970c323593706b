import { useEffect, useState } from 'react';
import { type InvoiceView, PV_OVERAGE_UNIT } from '../../../../../model/invoice.ts';
import { invoiceText, yen } from '../../../../../model/invoice-texts.ts';
import { ApiError } from '../../api/client.ts';
import { request } from '../../api/request.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { ErrorPage } from '../ErrorPage.tsx';

/** Figures line up on the right, as on the PDF. */
const RIGHT = { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } as const;

/**
 * One invoice (B §2 "invoice"): issuer with its registration number, recipient, month, lines,
 * subtotal, tax per rate and total, and its PDF in Japanese or English. Reached from the
 * payment list, the plan confirmation and the user detail's payment history.
 */
export default function InvoiceScreen({ invoiceId }: { invoiceId: string }) {
  const { lang } = useI18n();
  const [invoice, setInvoice] = useState<InvoiceView | null>(null);
  const [missing, setMissing] = useState(false);
  const [failure, setFailure] = useState('');
  useEffect(() => {
    request('GET /bill/:id', { params: { id: invoiceId } }, { quiet: true }).then(
      (answer) => setInvoice(answer.invoice),
      (error: unknown) => {
        if (error instanceof ApiError && error.status === 404) setMissing(true);
        else setFailure(error instanceof Error ? error.message : String(error));
      },
    );
  }, [invoiceId]);
  if (missing) return <ErrorPage code="404" />;
  if (failure)
    return (
      <p className="field-error" role="alert">
        {failure}
      </p>
    );
  if (!invoice) return <p className="loading">…</p>;
  const it = (key: Parameters<typeof invoiceText>[1], values?: Parameters<typeof invoiceText>[2]) => invoiceText(lang, key, values);
  const money = (amount: number) => yen(lang, amount);
  const pdf = (pdfLang: 'jp' | 'en') => `/api/bill/${encodeURIComponent(invoice.id)}/export-pdf?lang=${pdfLang}`;
  return (
    <div className="stack">
      <h1>
        {it('title')} {invoice.number}
      </h1>
      <div className="row">
        <a className="button" href={pdf('jp')} download>
          {it('downloadPdf', { lang: it('pdfJp') })}
        </a>
        <a className="button secondary" href={pdf('en')} download>
          {it('downloadPdf', { lang: it('pdfEn') })}
        </a>
      </div>
      <section className="card stack" aria-labelledby="invoice-parties">
        <h2 id="invoice-parties" className="sr-only">
          {it('title')}
        </h2>
        <dl className="facts">
          <dt>{it('number')}</dt>
          <dd>{invoice.number}</dd>
          <dt>{it('period')}</dt>
          <dd>{invoice.period}</dd>
          {invoice.issuedAt !== null && (
            <>
              <dt>{it('issuedOn')}</dt>
              <dd>{new Date(invoice.issuedAt + 9 * 3_600_000).toISOString().slice(0, 10)}</dd>
            </>
          )}
          <dt>{it('recipient')}</dt>
          <dd>{invoice.recipient ? `${invoice.recipient.companyName} ${it('recipientSuffix')}`.trim() : ''}</dd>
          <dt>{it('issuer')}</dt>
          <dd>
            {invoice.issuer?.companyName}
            <br />
            {invoice.issuer?.address}
          </dd>
          <dt>{it('registrationNumber')}</dt>
          <dd>{invoice.issuer?.registrationNumber}</dd>
          <dt>{it('billingMethod')}</dt>
          <dd>{it(`method.${invoice.billingMethod}`)}</dd>
          <dt>{it('status')}</dt>
          <dd>{it(`paymentStatus.${invoice.paymentStatus}`)}</dd>
          <dt>{it('pageViews')}</dt>
          <dd>{invoice.pageViews.toLocaleString()}</dd>
          <dt>{it('blocksUsed')}</dt>
          <dd>{invoice.blocksUsed}</dd>
        </dl>
      </section>
      <section className="card stack" aria-labelledby="invoice-lines">
        <h2 id="invoice-lines">{it('item')}</h2>
        <table>
          <thead>
            <tr>
              <th scope="col">{it('item')}</th>
              <th scope="col">{it('quantity')}</th>
              <th scope="col">{it('unitPrice')}</th>
              <th scope="col">{it('amount')}</th>
              <th scope="col">{it('taxRate')}</th>
            </tr>
          </thead>
          <tbody>
            {invoice.lines.map((line) => (
              <tr key={line.kind}>
                <th scope="row">{it(`line.${line.kind}`, { plan: invoice.planName ?? '', unit: PV_OVERAGE_UNIT.toLocaleString() })}</th>
                <td style={RIGHT}>{line.quantity.toLocaleString()}</td>
                <td style={RIGHT}>{money(line.unitPrice)}</td>
                <td style={RIGHT}>{money(line.amount)}</td>
                <td style={RIGHT}>{line.taxRate}%</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={3}>
                {it('subtotal')}
              </th>
              <td style={RIGHT} colSpan={2}>
                {money(invoice.subtotal)}
              </td>
            </tr>
            {invoice.taxByRate.map((rate) => (
              <tr key={rate.rate}>
                <td colSpan={5} style={RIGHT}>
                  {it('taxLine', { rate: rate.rate, base: money(rate.base), tax: money(rate.tax) })}
                </td>
              </tr>
            ))}
            <tr>
              <th scope="row" colSpan={3}>
                {it('total')}
              </th>
              <td style={RIGHT} colSpan={2}>
                <strong>{money(invoice.total)}</strong>
              </td>
            </tr>
          </tfoot>
        </table>
      </section>
    </div>
  );
}
