import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../db/open-database.ts';
import { storageLeases } from '../db/schema.ts';

/** A holder renews its row every third of this; a row not renewed for this long is a stopped process's. */
const LEASE_MS = 2 * 60_000;
const POLL_MS = 50;
/** How long a released sweep's row stays, for {@link StorageLease.sweepOverlapped}. */
const KEEP_RELEASED_MS = 60 * 60_000;

export type StorageLease = ReturnType<typeof createStorageLease>;

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error instanceof Error && 'code' in error && error.code === 'EPERM';
  }
}

/**
 * The lease between writers that reuse stored keys and the sweep that deletes them, in the
 * database so the server and `npm run sweep` share it. Publishes hold it shared (many at once); a
 * sweep holds it alone. A waiting sweep already keeps new publishes out, so a steady stream of
 * publishes cannot starve it; it waits only for the publishes in flight. Why a lease rather than
 * only a grace period: docs/decisions.md, "The media sweep".
 */
export function createStorageLease(db: Db) {
  const now = () => Date.now();
  const purge = async () => {
    const at = now();
    // A killed holder (kill -9 mid-publish or mid-sweep) must not keep others waiting for its lease to run out.
    for (const row of await db.select().from(storageLeases).where(isNull(storageLeases.releasedAt)).all()) {
      if (processIsAlive(row.pid)) continue;
      if (row.kind === 'publish') await db.delete(storageLeases).where(eq(storageLeases.id, row.id)).run();
      else
        await db
          .update(storageLeases)
          .set({ releasedAt: new Date(at) })
          .where(eq(storageLeases.id, row.id))
          .run();
    }
    await db
      .delete(storageLeases)
      .where(
        or(
          and(eq(storageLeases.kind, 'publish'), lt(storageLeases.expiresAt, new Date(at))),
          lt(storageLeases.releasedAt, new Date(at - KEEP_RELEASED_MS)),
          lt(storageLeases.expiresAt, new Date(at - KEEP_RELEASED_MS)),
        ),
      )
      .run();
  };
  const liveSweeps = async (except: string) =>
    (
      await db
        .select({ id: storageLeases.id })
        .from(storageLeases)
        .where(and(eq(storageLeases.kind, 'sweep'), isNull(storageLeases.releasedAt), gt(storageLeases.expiresAt, new Date(now())), ne(storageLeases.id, except)))
        .all()
    ).length;

  async function holding<T>(id: string, work: () => Promise<T>): Promise<T> {
    const renew = setInterval(() => {
      // A renewal that failed is tried again a third of the lease later, long before it runs out.
      db.update(storageLeases)
        .set({ expiresAt: new Date(now() + LEASE_MS) })
        .where(eq(storageLeases.id, id))
        .run()
        .catch(() => {});
    }, LEASE_MS / 3);
    renew.unref();
    try {
      return await work();
    } finally {
      clearInterval(renew);
    }
  }

  return {
    /** Runs a publish once no sweep runs or waits; other publishes may run beside it. */
    async whilePublishing<T>(work: () => Promise<T>): Promise<T> {
      const id = randomUUID();
      for (;;) {
        // Immediate: this reads then writes, and a deferred transaction whose snapshot another connection (a worker, the event writer)
        // wrote past fails with SQLITE_BUSY at once instead of waiting its turn: publishes failed so under load (npm run bench -- cluster).
        const got = await db.transaction(
          async (tx) => {
            await purge();
            if ((await liveSweeps('')) > 0) return false;
            await tx
              .insert(storageLeases)
              .values({ id, kind: 'publish', pid: process.pid, expiresAt: new Date(now() + LEASE_MS) })
              .run();
            return true;
          },
          { behavior: 'immediate' },
        );
        if (got) break;
        await sleep(POLL_MS);
      }
      try {
        return await holding(id, work);
      } finally {
        await db.delete(storageLeases).where(eq(storageLeases.id, id)).run();
      }
    },

    /** Runs a sweep alone: after any other sweep, and after the publishes in flight; new ones wait for it. */
    async whileSweeping<T>(work: () => Promise<T>): Promise<T> {
      const id = randomUUID();
      try {
        for (;;) {
          const state = await db.transaction(
            async (tx) => {
              await purge();
              if ((await liveSweeps(id)) > 0) return 'busy';
              const expiresAt = new Date(now() + LEASE_MS);
              await tx.insert(storageLeases).values({ id, kind: 'sweep', pid: process.pid, expiresAt }).onConflictDoUpdate({ target: storageLeases.id, set: { expiresAt } }).run();
              const publishing = (
                await tx
                  .select({ id: storageLeases.id })
                  .from(storageLeases)
                  .where(and(eq(storageLeases.kind, 'publish'), gt(storageLeases.expiresAt, new Date(now()))))
                  .all()
              ).length;
              return publishing > 0 ? 'waiting' : 'held';
            },
            { behavior: 'immediate' },
          );
          if (state === 'held') break;
          await sleep(POLL_MS);
        }
        return await holding(id, work);
      } finally {
        await db
          .update(storageLeases)
          .set({ releasedAt: new Date(now()) })
          .where(eq(storageLeases.id, id))
          .run();
      }
    },

    /**
     * Whether a sweep ran, or waited to, at any time since `since` (ms): a writer that reused a
     * stored key without the lease (an upload) then writes it again once the sweep is over.
     */
    async sweepOverlapped(since: number): Promise<boolean> {
      return (
        (
          await db
            .select({ id: storageLeases.id })
            .from(storageLeases)
            .where(and(eq(storageLeases.kind, 'sweep'), sql`coalesce(${storageLeases.releasedAt}, ${storageLeases.expiresAt}) >= ${new Date(since)}`))
            .all()
        ).length > 0
      );
    },

    /** Resolves once no sweep runs or waits. */
    async untilNoSweep(): Promise<void> {
      for (;;) {
        await purge();
        if ((await liveSweeps('')) === 0) return;
        await sleep(POLL_MS);
      }
    },
  };
}
