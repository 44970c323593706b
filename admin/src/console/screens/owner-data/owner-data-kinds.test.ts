import { describe, expect, it } from 'vitest';
import { isInvalidRange, localDayBounds, ownerDataHref, valueText } from './owner-data-kinds.ts';

describe('the owner-data screens’ rules', () => {
  it('turns picked days into the owner’s local midnight and last millisecond', () => {
    const bounds = localDayBounds('2026-03-05', '2026-03-06');
    expect(new Date(bounds.from!).getHours()).toBe(0);
    expect(new Date(bounds.from!).getDate()).toBe(5);
    expect(new Date(bounds.to!).getHours()).toBe(23);
    expect(new Date(bounds.to!).getMilliseconds()).toBe(999);
    expect(localDayBounds('', '')).toEqual({});
  });

  it('calls an end day before the start day an invalid range, and an open side never', () => {
    expect(isInvalidRange('2026-03-05', '2026-03-04')).toBe(true);
    expect(isInvalidRange('2026-03-05', '2026-03-05')).toBe(false);
    expect(isInvalidRange('', '2026-03-04')).toBe(false);
  });

  it('addresses each kind by the spec’s route name and shows ticked options joined', () => {
    expect(ownerDataHref('admin-user', 'contacts', 's 1', 'e/2')).toBe('/admin-user/site-contact/s%201/e%2F2');
    expect(valueText(['A', 'B'])).toBe('A, B');
    expect(valueText(3)).toBe('3');
  });
});
