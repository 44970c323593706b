import { Hono } from 'hono';
import { invoiceContracts as contracts } from '../../model/contracts/invoices.ts';
import type { Db } from '../db/open-database.ts';
import type { AppEnv } from '../http/env.ts';
import { notFound } from '../http/errors.ts';
import { route } from '../http/route.ts';
import { invoicePdf } from './invoice-pdf.ts';
import { listBillingRuns, readInvoice } from './invoice-view.ts';
import { issuerIdOf, readIssuer, saveIssuer } from './issuers.ts';

/** Issuers' settings, the billing runs' progress, an invoice and its PDF. */
export function invoiceRoutes(deps: { db: Db }) {
  const { db } = deps;
  const app = new Hono<AppEnv>();
  route(app, contracts.getIssuer, async ({ account }) => ({ issuer: await readIssuer(db, issuerIdOf(account)) }));
  route(app, contracts.saveIssuer, async ({ account, body }) => ({ issuer: await saveIssuer(db, issuerIdOf(account), body) }));
  route(app, contracts.listBillingRuns, async ({ query }) => ({ runs: await listBillingRuns(db, query.month) }));
  route(app, contracts.getBill, async ({ account, params }) => {
    const invoice = await readInvoice(db, account, params.id);
    if (!invoice) throw notFound('invoiceNotFound');
    return { invoice };
  });
  route(app, contracts.exportBillPdf, async ({ c, account, params, query }) => {
    const invoice = await readInvoice(db, account, params.id);
    if (!invoice) throw notFound('invoiceNotFound');
    const pdf = await invoicePdf(invoice, query.lang ?? 'jp');
    return c.body(new Uint8Array(pdf), 200, {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="invoice-${invoice.number ?? invoice.id}.pdf"`,
      'cache-control': 'private, no-store',
    });
  });
  return app;
}
