import { describe, expect, it } from 'vitest';
import { isDelivered, nextWindowChangeMs, notificationDateIssues, notificationInputSchema, notificationStatus, toStoredNotification } from './notification-delivery.ts';

const NOW = new Date('2030-06-01T12:00:00Z');

describe('notification status and delivery', () => {
  it('derives expired from the end date, whatever the owner chose', () => {
    expect(notificationStatus({ status: 'PUBLISHED', endDate: '2030-06-01T11:00:00Z' }, NOW)).toBe('expired');
    expect(notificationStatus({ status: 'DRAFT', endDate: '2030-06-01T11:59:59.999Z' }, NOW)).toBe('expired');
    expect(notificationStatus({ status: 'PUBLISHED', endDate: '2030-06-01T12:00:00Z' }, NOW)).toBe('published');
    expect(notificationStatus({ status: 'PUBLISHED', endDate: '2030-06-02T00:00:00Z' }, NOW)).toBe('published');
    expect(notificationStatus({ status: 'UNPUBLISHED', endDate: null }, NOW)).toBe('unpublished');
    expect(notificationStatus({ status: 'DRAFT', endDate: null }, NOW)).toBe('draft');
  });

  it('delivers only a published notification inside its window, both ends included', () => {
    const window = { startDate: '2030-06-01T12:00:00Z', endDate: '2030-06-02T12:00:00Z' };
    expect(isDelivered({ status: 'PUBLISHED', ...window }, NOW)).toBe(true);
    expect(isDelivered({ status: 'PUBLISHED', ...window }, new Date('2030-06-01T11:59:59Z'))).toBe(false);
    expect(isDelivered({ status: 'PUBLISHED', ...window }, new Date('2030-06-02T12:00:00Z'))).toBe(true);
    expect(isDelivered({ status: 'PUBLISHED', ...window }, new Date('2030-06-02T12:00:01Z'))).toBe(false);
    expect(isDelivered({ status: 'UNPUBLISHED', ...window }, NOW)).toBe(false);
    expect(isDelivered({ status: 'DRAFT', ...window }, NOW)).toBe(false);
  });
});

describe('when the banner changes next', () => {
  it('is the nearest start ahead or the moment after the nearest end, of published notifications only', () => {
    const published = (startDate: string | null, endDate: string | null) => ({ status: 'PUBLISHED' as const, startDate, endDate });
    expect(nextWindowChangeMs([], NOW)).toBeNull();
    expect(nextWindowChangeMs([published(null, null)], NOW)).toBeNull();
    expect(nextWindowChangeMs([published('2030-06-01T12:00:10Z', '2030-06-01T13:00:00Z'), published(null, '2030-06-01T12:00:05Z')], NOW)).toBe(5001);
    expect(nextWindowChangeMs([published('2030-06-01T12:00:10Z', null)], NOW)).toBe(10_000);
    expect(nextWindowChangeMs([{ status: 'DRAFT', startDate: '2030-06-01T12:00:01Z', endDate: null }], NOW)).toBeNull();
    expect(nextWindowChangeMs([published('2030-05-01T00:00:00Z', '2030-05-02T00:00:00Z')], NOW)).toBeNull();
  });
});

describe('notification date rules (B §5)', () => {
  it('needs a start for a scheduled notification, then an end after it and later than now', () => {
    expect(notificationDateIssues({ publicationMode: 'SCHEDULED', startDate: null, endDate: null }, NOW)).toEqual([{ path: 'startDate', key: 'startDateRequired' }]);
    expect(notificationDateIssues({ publicationMode: 'SCHEDULED', startDate: '2030-06-03T00:00:00Z', endDate: null }, NOW)).toEqual([{ path: 'endDate', key: 'invalidDateRange' }]);
    expect(notificationDateIssues({ publicationMode: 'SCHEDULED', startDate: '2030-06-03T00:00:00Z', endDate: '2030-06-02T00:00:00Z' }, NOW)).toEqual([{ path: 'endDate', key: 'invalidDateRange' }]);
    expect(notificationDateIssues({ publicationMode: 'SCHEDULED', startDate: '2030-05-01T00:00:00Z', endDate: '2030-05-02T00:00:00Z' }, NOW)).toEqual([{ path: 'endDate', key: 'invalidDateRange' }]);
    expect(notificationDateIssues({ publicationMode: 'SCHEDULED', startDate: '2030-06-03T00:00:00Z', endDate: '2030-06-04T00:00:00Z' }, NOW)).toEqual([]);
  });

  it('lets an instant notification have no end, or an end ahead', () => {
    expect(notificationDateIssues({ publicationMode: 'INSTANT', startDate: null, endDate: null }, NOW)).toEqual([]);
    expect(notificationDateIssues({ publicationMode: 'INSTANT', startDate: null, endDate: '2030-05-01T00:00:00Z' }, NOW)).toEqual([{ path: 'endDate', key: 'invalidDateRange' }]);
  });

  it('puts the clock-free rules in the schema, on the field they concern', () => {
    const parsed = notificationInputSchema.safeParse({ title: 'Sale', publicationMode: 'SCHEDULED', startDate: '2030-06-03T00:00:00Z', endDate: '2030-06-02T00:00:00Z' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => [issue.path, issue.message])).toContainEqual([['endDate'], 'invalidDateRange']);
  });

  it('stamps an instant notification’s start when it is published, and keeps it on later saves', () => {
    const input = notificationInputSchema.parse({ title: 'Now', publicationMode: 'INSTANT', status: 'PUBLISHED' });
    const first = toStoredNotification('n1', input, NOW);
    expect(first.startDate).toBe(NOW.toISOString());
    expect(toStoredNotification('n1', input, new Date('2030-06-05T00:00:00Z'), first).startDate).toBe(NOW.toISOString());
    expect(toStoredNotification('n1', { ...input, status: 'DRAFT' }, NOW).startDate).toBeNull();
  });
});
