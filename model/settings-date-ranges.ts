import { validDateRange } from './date-range.ts';
import type { SiteSettings } from './site.ts';

type Range = { startDate: string | null; endDate: string | null } | null | undefined;
type Ranges = Pick<SiteSettings, 'campaign' | 'popupCtas'>;

/** The settings an owner dates: the campaign and each popup call to action, by path. */
function rangesOf(settings: Ranges): [path: string[], range: Range][] {
  return [
    [['campaign'], settings.campaign],
    [['popupCtas', 'timeLimit'], settings.popupCtas.timeLimit],
    [['popupCtas', 'applicantLimit'], settings.popupCtas.applicantLimit],
  ];
}

const sameRange = (a: Range, b: Range) => (a?.startDate ?? null) === (b?.startDate ?? null) && (a?.endDate ?? null) === (b?.endDate ?? null);

/**
 * The date ranges of `next` that break B §5's rule (validDateRange), each on its end date's
 * path. A range left as `previous` had it is not judged again: saving another field of a
 * campaign that has ended must not be refused for its past end.
 */
export function settingsDateRangeIssues(previous: Ranges | null, next: Ranges, now: Date): { path: string[]; key: 'invalidDateRange' }[] {
  const before = new Map(previous ? rangesOf(previous).map(([path, range]) => [path.join('.'), range]) : []);
  return rangesOf(next).flatMap(([path, range]) => {
    if (!range || sameRange(range, before.get(path.join('.')))) return [];
    return validDateRange(range.startDate, range.endDate, now) ? [] : [{ path: [...path, 'endDate'], key: 'invalidDateRange' as const }];
  });
}
