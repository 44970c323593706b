import { describe, expect, it } from 'vitest';
import { dateRangeIssue, validDateRange } from './date-range.ts';
import { siteSettingsSchema } from './site.ts';
import { settingsDateRangeIssues } from './settings-date-ranges.ts';

const NOW = new Date('2030-06-01T12:00:00Z');

describe('dateRangeIssue (B §5 date rules)', () => {
  it('accepts no dates at all, and an end without a start', () => {
    expect(dateRangeIssue(null, null, NOW)).toBeNull();
    expect(dateRangeIssue('', '2031-01-01T00:00:00Z', NOW)).toBeNull();
  });

  it('requires an end once a start is entered', () => {
    expect(dateRangeIssue('2030-07-01T00:00:00Z', null, NOW)).toBe('invalidDateRange');
    expect(dateRangeIssue('2030-07-01T00:00:00Z', '', NOW)).toBe('invalidDateRange');
  });

  it('requires the end after the start', () => {
    expect(dateRangeIssue('2030-07-02T00:00:00Z', '2030-07-01T00:00:00Z', NOW)).toBe('invalidDateRange');
    expect(dateRangeIssue('2030-07-01T00:00:00Z', '2030-07-01T00:00:00Z', NOW)).toBe('invalidDateRange');
    expect(dateRangeIssue('2030-07-01T00:00:00Z', '2030-07-01T00:00:01Z', NOW)).toBeNull();
  });

  it('requires the end later than now when a clock is given, and only then', () => {
    expect(dateRangeIssue('2030-05-01T00:00:00Z', '2030-06-01T11:59:59Z', NOW)).toBe('invalidDateRange');
    expect(dateRangeIssue('2030-05-01T00:00:00Z', '2030-06-01T12:00:00Z', NOW)).toBe('invalidDateRange');
    expect(dateRangeIssue('2030-05-01T00:00:00Z', '2030-06-01T12:00:01Z', NOW)).toBeNull();
    expect(dateRangeIssue('2030-05-01T00:00:00Z', '2030-05-02T00:00:00Z')).toBeNull();
  });

  it('reads offsets: the same instant written in two zones is not after itself', () => {
    expect(dateRangeIssue('2030-07-01T09:00:00+09:00', '2030-07-01T00:00:00Z', NOW)).toBe('invalidDateRange');
  });
});

const NOW_VALID = new Date('2030-06-01T00:00:00Z');

describe('validDateRange (B §5)', () => {
  it('needs an end after the start and later than now once a start is given', () => {
    expect(validDateRange('2030-06-02T00:00:00Z', '2030-06-03T00:00:00Z', NOW_VALID)).toBe(true);
    expect(validDateRange('2030-06-02T00:00:00Z', null, NOW_VALID)).toBe(false);
    expect(validDateRange('2030-06-02T00:00:00Z', '2030-06-02T00:00:00Z', NOW_VALID)).toBe(false);
    expect(validDateRange('2030-06-03T00:00:00Z', '2030-06-02T00:00:00Z', NOW_VALID)).toBe(false);
    expect(validDateRange('2030-05-01T00:00:00Z', '2030-05-31T23:59:00Z', NOW_VALID)).toBe(false);
    // A start in the past is fine while the end is still ahead.
    expect(validDateRange('2030-05-01T00:00:00Z', '2030-06-01T00:01:00Z', NOW_VALID)).toBe(true);
  });

  it('asks nothing of a range without a start', () => {
    expect(validDateRange(null, null, NOW_VALID)).toBe(true);
    expect(validDateRange('', '2030-01-01T00:00:00Z', NOW_VALID)).toBe(true);
  });
});

describe('settingsDateRangeIssues', () => {
  const settings = (campaign: Record<string, unknown> | undefined, timeLimit?: Record<string, unknown>) =>
    siteSettingsSchema.parse({ name: 'S', languages: ['jp'], ...(campaign ? { campaign } : {}), popupCtas: timeLimit ? { timeLimit: { id: 't1', ...timeLimit } } : {} });

  it('names the end date of each new range that breaks the rule', () => {
    const next = settings({ startDate: '2030-06-02T00:00:00Z', endDate: null }, { startDate: '2030-05-01T00:00:00Z', endDate: '2030-05-30T00:00:00Z' });
    expect(settingsDateRangeIssues(settings(undefined), next, NOW_VALID)).toEqual([
      { path: ['campaign', 'endDate'], key: 'invalidDateRange' },
      { path: ['popupCtas', 'timeLimit', 'endDate'], key: 'invalidDateRange' },
    ]);
  });

  it('leaves alone a range saved unchanged, even one that has ended', () => {
    const ended = settings({ startDate: '2030-01-01T00:00:00Z', endDate: '2030-02-01T00:00:00Z' });
    expect(settingsDateRangeIssues(ended, ended, NOW_VALID)).toEqual([]);
    const moved = settings({ startDate: '2030-01-01T00:00:00Z', endDate: '2030-03-01T00:00:00Z' });
    expect(settingsDateRangeIssues(ended, moved, NOW_VALID)).toEqual([{ path: ['campaign', 'endDate'], key: 'invalidDateRange' }]);
  });
});
