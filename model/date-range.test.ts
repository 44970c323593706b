import { describe, expect, it } from 'vitest';
import { dateRangeIssue } from './date-range.ts';

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
