import { Hono } from 'hono';
import { paymentContracts as contracts } from '../../model/contracts/payments.ts';
import type { Db } from '../db/open-database.ts';
import type { AppEnv } from '../http/env.ts';
import { route } from '../http/route.ts';
import { readBodyText } from '../http/read-body.ts';
import { bodyCap } from '../../model/contracts/contract.ts';
import { AppError } from '../http/errors.ts';
import { cardState, startCardSetup } from './card-setup.ts';
import { chargeInvoice } from './charge-invoice.ts';
import { forceCompletePayment } from './force-complete-payment.ts';
import { listPayments, listScopeOf, paymentCsvRows } from './list-payments.ts';
import { markTransferPaid } from './mark-transfer-paid.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { receiveWebhook } from './receive-webhook.ts';
import { csvLines } from '../http/csv-download.ts';

export type PaymentDeps = {
  db: Db;
  /** The card provider; null when no key is configured (card billing off). */
  provider: PaymentProvider | null;
  /** ADMIN_ORIGIN as the admin listens: where the provider's hosted page sends the browser back to. */
  adminOrigin: () => string;
};

/** Payments: the list and its export, an account's bills, card registration, charges, transfers, force-completion and the provider's webhook. */
export function paymentRoutes(deps: PaymentDeps) {
  const { db, provider } = deps;
  const app = new Hono<AppEnv>();
  const needProvider = () => {
    if (!provider) throw new AppError('bad_request', 'cardBillingOff');
    return provider;
  };
  route(app, contracts.listPayments, async ({ account, query }) => ({ payments: await listPayments(db, listScopeOf(account), query) }));
  route(app, contracts.exportPayments, async ({ account, query }) => {
    const rows = await listPayments(db, listScopeOf(account), query);
    const name = `payments-${query.month ?? 'all'}${query.status ? `-${query.status}` : ''}.csv`;
    return new Response(`\uFEFF${csvLines(paymentCsvRows(rows))}`, {
      headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${name}"`, 'cache-control': 'no-store' },
    });
  });
  // The signature is over the bytes as sent, so the body is read as text under its cap and never re-serialised.
  route(app, contracts.receiveWebhook, async ({ c }) => await receiveWebhook(db, needProvider(), await readBodyText(c, bodyCap(contracts.receiveWebhook)), c.req.header('stripe-signature')));
  route(app, contracts.listBills, async ({ targetAccount }) => ({ payments: await listPayments(db, { kind: 'account', accountId: targetAccount.id }, {}) }));
  route(app, contracts.chargeBill, async ({ targetAccount, params }) => ({ status: await chargeInvoice(db, needProvider(), params.invoiceId, targetAccount.id) }));
  route(app, contracts.forceCompleteBill, async ({ account, targetAccount, params, body }) => {
    await forceCompletePayment(db, { actorId: account.id, accountId: targetAccount.id, invoiceId: params.invoiceId, reason: body.reason });
    return { status: 'completed' as const };
  });
  route(app, contracts.markTransferPaid, async ({ account, targetAccount, params, body }) => {
    await markTransferPaid(db, { actorId: account.id, accountId: targetAccount.id, invoiceId: params.invoiceId, transferName: body.transferName });
    return { status: 'paid' as const };
  });
  route(app, contracts.getCard, async ({ targetAccount }) => await cardState(db, targetAccount.id, provider));
  // Back to ADMIN_ORIGIN, never to the request's Host: a crafted one would send the customer to another site
  // after saving a card. OEM admin hosts are not verified names yet, so their customers come back to ADMIN_ORIGIN too.
  route(
    app,
    contracts.startCardSetup,
    async ({ account, targetAccount }) => await startCardSetup(db, provider, { accountId: targetAccount.id, returnUrl: `${deps.adminOrigin()}/${account.routePrefix}/payments` }),
  );
  return app;
}
