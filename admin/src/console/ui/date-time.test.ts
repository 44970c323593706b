import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dateTimeSchema } from '../../../../model/validation.ts';
import { isoToLocalInput, localInputToIso } from './date-time.ts';

// Node reads TZ again when it is assigned: each zone below is the browser's own.
const original = process.env.TZ;
afterAll(() => {
  process.env.TZ = original;
});

describe('date-time inputs in the browser zone', () => {
  beforeAll(() => {
    process.env.TZ = 'Asia/Tokyo';
  });

  it('stores a typed local time with the zone offset the shared schema accepts', () => {
    const iso = localInputToIso('2025-04-01T09:30');
    expect(iso).toBe('2025-04-01T09:30:00+09:00');
    expect(dateTimeSchema.safeParse(iso).success).toBe(true);
  });

  it('shows a stored time of another zone in the browser zone', () => {
    expect(isoToLocalInput('2025-04-01T00:00:00Z')).toBe('2025-04-01T09:00');
    expect(isoToLocalInput('2025-03-31T20:15:00-05:00')).toBe('2025-04-01T10:15');
  });

  it('treats an empty or unreadable value as no date', () => {
    expect(localInputToIso('')).toBeNull();
    expect(localInputToIso('tomorrow')).toBeNull();
    expect(isoToLocalInput(null)).toBe('');
    expect(isoToLocalInput('not a date')).toBe('');
  });
});

describe('date-time inputs across a daylight-saving change', () => {
  beforeAll(() => {
    process.env.TZ = 'America/New_York';
  });

  it('uses the offset of the date typed, not of today', () => {
    expect(localInputToIso('2025-01-15T08:00')).toBe('2025-01-15T08:00:00-05:00');
    expect(localInputToIso('2025-07-15T08:00')).toBe('2025-07-15T08:00:00-04:00');
    expect(isoToLocalInput(localInputToIso('2025-07-15T08:00'))).toBe('2025-07-15T08:00');
  });
});
