import { describe, expect, it } from 'vitest';
import { BLANK_NOTIFICATION, checkNotification } from './notification-form.ts';

const NOW = new Date('2030-06-01T12:00:00Z');

describe('the notification form’s checks', () => {
  it('refuses a scheduled notification whose end is before its start, on the end field', () => {
    const result = checkNotification({ ...BLANK_NOTIFICATION, title: 'Sale', publicationMode: 'SCHEDULED', startDate: '2030-06-03T00:00:00Z', endDate: '2030-06-02T00:00:00Z' }, NOW);
    expect(result).toEqual({ ok: false, issues: [{ path: ['endDate'], key: 'invalidDateRange', values: {} }] });
  });

  it('refuses an end not later than the browser’s now, which the schema alone cannot know', () => {
    const result = checkNotification({ ...BLANK_NOTIFICATION, title: 'Sale', publicationMode: 'SCHEDULED', startDate: '2030-05-01T00:00:00Z', endDate: '2030-05-02T00:00:00Z' }, NOW);
    expect(result.ok).toBe(false);
  });

  it('asks a scheduled notification for its start', () => {
    expect(checkNotification({ ...BLANK_NOTIFICATION, title: 'Sale', publicationMode: 'SCHEDULED' }, NOW)).toEqual({
      ok: false,
      issues: [{ path: ['startDate'], key: 'startDateRequired', values: {} }],
    });
  });

  it('sends an instant notification without a start, whatever the field held', () => {
    const result = checkNotification({ ...BLANK_NOTIFICATION, title: 'Now', startDate: '2030-07-01T00:00:00Z' }, NOW);
    expect(result.ok && result.input.startDate).toBeNull();
  });

  it('refuses content over 120 characters and a title left empty', () => {
    const result = checkNotification({ ...BLANK_NOTIFICATION, title: '', content: 'x'.repeat(121) }, NOW);
    expect(result.ok ? [] : result.issues.map((issue) => issue.path.join('.')).sort()).toEqual(['content', 'title']);
  });
});
