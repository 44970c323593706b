import type { Counts } from '../../model/analytics-report.ts';
import type { Period } from '../../model/zoned-calendar.ts';
import type { Db } from '../db/open-database.ts';
import type { AccountSite } from './account-sites.ts';
import { COUNT_COLUMNS, countsFromSums } from './count-columns.ts';
import { type RollupFilter, sumSitePeriods, userUnionsPeriods } from './report-sums.ts';
import { addUnion, countUnion, emptyUnion } from './visitor-sketch.ts';

/** One site's counts and unique visitors per period. */
export type SitePeriods = { site: AccountSite; counts: Counts[]; users: number[] };

/** Per period: the sites' counts added up, and their visitors merged (a visitor of two sites counts once). */
export type AccountPeriods = { counts: Counts[]; users: number[]; sites: SitePeriods[] };

const COUNT_NAMES: readonly (keyof Counts)[] = [...COUNT_COLUMNS.map(([name]) => name), 'conversions'];

const zeroCounts = (): Counts =>
  countsFromSums(
    COUNT_COLUMNS.map(() => 0),
    [],
  );

/**
 * Each site read as its own report reads it (its own conversion events), then added: counts add
 * up, visitors are unions of the sites' sketches. One pass over each site's rows, so the
 * per-site figures cost nothing more.
 */
export async function sumAccountPeriods(db: Db, sites: readonly AccountSite[], periods: readonly Period[], filter: RollupFilter): Promise<AccountPeriods> {
  const counts = periods.map(zeroCounts);
  const unions = periods.map(emptyUnion);
  const perSite: SitePeriods[] = [];
  for (const site of sites) {
    const siteCounts = await sumSitePeriods(db, site, periods, filter);
    const siteUnions = await userUnionsPeriods(db, site, periods, filter);
    for (const [i, one] of siteCounts.entries()) {
      const target = counts[i]!;
      for (const name of COUNT_NAMES) target[name] += one[name];
    }
    for (const [i, one] of siteUnions.entries()) addUnion(unions[i]!, one);
    perSite.push({ site, counts: siteCounts, users: siteUnions.map(countUnion) });
  }
  return { counts, users: unions.map(countUnion), sites: perSite };
}
