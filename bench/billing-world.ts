import type { Db } from '../api/db/open-database.ts';
import { addAccount, addIssuer, addPlan } from '../api/billing/billing-fixture.ts';

/** The month the billing bench bills. */
export const BENCH_MONTH = '2026-10';

/**
 * The billing bench's world (bench/billing.bench.ts), shared by its parts: the platform, OEM
 * masters with ten customers each and direct users on four plans, a third of them over their
 * page-view limit, each with a few pages. The dashboard part reads the same rows.
 */
export async function seedBillingWorld(db: Db, accountCount: number): Promise<void> {
  await db.transaction(async (tx) => {
    await addPlan(tx, { id: 'b-light', price: 30_000, initialFee: 100_000, licenseFee: 5_000, limitAccess: 30_000, limitAccessPrice: 1_000 });
    await addPlan(tx, { id: 'b-standard', price: 50_000, initialFee: 100_000, licenseFee: 8_000, limitAccess: 100_000, limitAccessPrice: 800 });
    await addPlan(tx, { id: 'b-premium', price: 98_000, initialFee: 100_000, licenseFee: 0, limitAccess: 300_000, limitAccessPrice: 500 });
    await addPlan(tx, { id: 'b-oem', price: 200_000, initialFee: 100_000, licenseFee: 20_000, limitAccess: 1_000_000, limitAccessPrice: 300 });
    await addIssuer(tx, 'platform', '株式会社スワイプグリッド', 'T1234567890123');
    await addAccount(tx, { id: 'root', type: 'MASTER' });
    const plans = ['b-light', 'b-standard', 'b-premium'];
    let oem = 'root';
    for (let n = 0; n < accountCount; n++) {
      const id = `acct-${String(n).padStart(6, '0')}`;
      const isOem = n % 11 === 0;
      if (isOem) await addIssuer(tx, id, `株式会社OEM${n}`, `T${String(1_000_000_000_000 + n)}`);
      await addAccount(tx, {
        id,
        type: isOem ? 'OEM_MASTER' : 'USER',
        parentId: isOem ? 'root' : oem,
        subscriptions: [[isOem ? 'b-oem' : plans[n % 3]!, n % 12 === 0 ? BENCH_MONTH : '2026-01']],
        contractStart: n % 12 === 0 ? `${BENCH_MONTH}-01` : '2026-01-01',
        licenseIssued: n % 7 === 0,
        pageViews: n % 3 === 0 ? { month: BENCH_MONTH, views: 20_000 + ((n * 7_919) % 400_000) } : undefined,
        pages: 1 + (n % 5),
      });
      if (isOem) oem = id;
    }
  });
}
