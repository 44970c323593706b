import { describe, expect, it } from 'vitest';
import { rangeIssueOf, reportQueryOf, searchWith } from './report-query.ts';

const TODAY = '2026-11-26';

describe('the report query kept in the address', () => {
  it('starts with the 30 days up to today, both ends written out', () => {
    expect(reportQueryOf(new URLSearchParams(), TODAY)).toEqual({ from: '2026-10-28', to: TODAY });
  });

  it('keeps what the contract accepts and drops what it refuses', () => {
    const search = new URLSearchParams('from=2026-11-01&to=2026-11-10&lang=en&device=mobile&source=search&variant=B&tz=Asia/Seoul&unit=month');
    expect(reportQueryOf(search, TODAY)).toEqual({ from: '2026-11-01', to: '2026-11-10', lang: 'en', device: 'mobile', source: 'search', variant: 'B', tz: 'Asia/Seoul' });
    const bad = new URLSearchParams('from=yesterday&to=2026-11-10&lang=xx&device=a%20b&tz=Mars/Olympus');
    expect(reportQueryOf(bad, TODAY)).toEqual({ from: '2026-10-12', to: '2026-11-10' });
  });

  it('replaces only the filters it is given, and removes an emptied one', () => {
    const next = searchWith(new URLSearchParams('device=mobile&tab=pages&metric=views'), { device: '', source: 'social' });
    expect(Object.fromEntries(next)).toEqual({ tab: 'pages', metric: 'views', source: 'social' });
  });

  it('names the field at fault by B §5’s rules', () => {
    expect(rangeIssueOf({ from: '2026-11-01', to: '2026-11-27' }, TODAY)).toEqual({ field: 'to', key: 'reportFutureDate' });
    expect(rangeIssueOf({ from: '2025-11-25', to: '2026-01-01' }, TODAY)).toEqual({ field: 'from', key: 'reportOverYearAgo' });
    expect(rangeIssueOf({ from: '2026-11-10', to: '2026-11-09' }, TODAY)).toEqual({ field: 'to', key: 'invalidDateRange' });
    expect(rangeIssueOf({ from: '2025-11-26', to: TODAY }, TODAY)).toBeNull();
  });
});
