import { describe, expect, it } from 'vitest';
import { dashboardQueryOf, dashboardRangeIssue } from './dashboard-query.ts';

describe('the summary’s range in the address', () => {
  it('writes out the 30 days up to today by day when the address names none', () => {
    expect(dashboardQueryOf(new URLSearchParams(''), '2026-11-26')).toEqual({ from: '2026-10-28', to: '2026-11-26', unit: 'day' });
  });

  it('keeps what the contract accepts and drops what it refuses', () => {
    expect(dashboardQueryOf(new URLSearchParams('from=2026-09-01&to=2026-11-01&unit=month'), '2026-11-26')).toEqual({ from: '2026-09-01', to: '2026-11-01', unit: 'month' });
    expect(dashboardQueryOf(new URLSearchParams('from=yesterday&unit=week'), '2026-11-26')).toEqual({ from: '2026-10-28', to: '2026-11-26', unit: 'day' });
  });

  it('says which field breaks B §5’s rules, as the API would', () => {
    expect(dashboardRangeIssue({ from: '2026-11-01', to: '2026-11-27', unit: 'day' }, '2026-11-26')).toEqual({ field: 'to', key: 'reportFutureDate' });
    expect(dashboardRangeIssue({ from: '2025-11-25', to: '2026-11-26', unit: 'day' }, '2026-11-26')).toEqual({ field: 'from', key: 'reportOverYearAgo' });
    expect(dashboardRangeIssue({ from: '2026-11-10', to: '2026-11-09', unit: 'day' }, '2026-11-26')).toEqual({ field: 'to', key: 'invalidDateRange' });
    expect(dashboardRangeIssue({ from: '2025-11-26', to: '2026-11-26', unit: 'day' }, '2026-11-26')).toBeNull();
  });
});
