/**
 * Runs `work` over every item with at most `limit` in flight, in order of start; rejects with
 * the first failure after the in-flight work has settled, so nothing keeps writing behind it.
 *
 * @example await forEachLimit(keys, 8, (key) => storage.delete(key));
 */
export async function forEachLimit<T>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  if (!Number.isInteger(limit) || limit < 1) throw new Error(`limit must be a positive integer, got ${limit}`);
  let next = 0;
  let failure: { error: unknown } | undefined;
  async function lane() {
    while (!failure && next < items.length) {
      const index = next++;
      try {
        await work(items[index]!, index);
      } catch (error) {
        failure ??= { error };
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  if (failure) throw failure.error;
}
