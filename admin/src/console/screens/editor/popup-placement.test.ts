import { describe, expect, it } from 'vitest';
import { popupCtaItemSchema } from '../../../../../model/site.ts';
import { popupPlacement } from './popup-placement.ts';

const now = new Date('2026-06-01T12:00:00Z');
const pages = [
  { id: 'a1', row: 1, position: 'A1' },
  { id: 'a2', row: 2, position: 'A2' },
  { id: 'b1', row: 1, position: 'B1' },
  { id: 'b2', row: 2, position: 'B2' },
  { id: 'b3', row: 3, position: 'B3' },
];
const item = (fields: Record<string, unknown>) => popupCtaItemSchema.parse({ id: 'p1', ...fields });

describe('where the canvas shows a popup', () => {
  it('is the canvas’s page when its row is ticked and the popup is on now', () => {
    expect(popupPlacement(item({ effectivePages: [1, 2] }), 'timeLimit', pages[3], pages, now)).toEqual({ kind: 'shown' });
  });

  it('names the nearest page it shows on, down the same column first', () => {
    expect(popupPlacement(item({ effectivePages: [2] }), 'timeLimit', pages[2], pages, now)).toEqual({ kind: 'elsewhere', page: pages[3] });
    // Row 3 exists in column B only.
    expect(popupPlacement(item({ effectivePages: [3] }), 'timeLimit', pages[0], pages, now)).toEqual({ kind: 'elsewhere', page: pages[4] });
  });

  it('says why it shows nowhere: no rows, outside its dates, no places left, no such row', () => {
    expect(popupPlacement(item({}), 'timeLimit', pages[0], pages, now).kind).toBe('noPages');
    expect(popupPlacement(item({ effectivePages: [1], endDate: '2026-05-31T00:00:00Z' }), 'timeLimit', pages[0], pages, now).kind).toBe('outsideDates');
    expect(popupPlacement(item({ effectivePages: [1], startDate: '2026-06-02T00:00:00Z' }), 'timeLimit', pages[0], pages, now).kind).toBe('outsideDates');
    expect(popupPlacement(item({ effectivePages: [1] }), 'applicantLimit', pages[0], pages, now).kind).toBe('noPlaces');
    expect(popupPlacement(item({ effectivePages: [1], limit: 5, numberClicks: 5 }), 'applicantLimit', pages[0], pages, now).kind).toBe('noPlaces');
    expect(popupPlacement(item({ effectivePages: [1], limit: 5 }), 'applicantLimit', pages[0], pages, now).kind).toBe('shown');
    expect(popupPlacement(item({ effectivePages: [9] }), 'timeLimit', pages[0], pages, now).kind).toBe('noPages');
  });
});
