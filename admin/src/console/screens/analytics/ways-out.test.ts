import { describe, expect, it } from 'vitest';
import { arrowShape, arrowWidth, waysOut } from './ways-out.ts';

describe('a cell’s ways out', () => {
  it('shares every move and exit of all the ways out, adding up to 1', () => {
    const { total, ways } = waysOut({ moves: { left: 0, right: 6, up: 0, down: 2 }, exitsBy: { left: 0, right: 0, up: 0, down: 1, leave: 1 } });
    expect(total).toBe(10);
    const of = (direction: string, kind: string) => ways.find((way) => way.direction === direction && way.kind === kind);
    expect(of('right', 'move')).toEqual({ direction: 'right', kind: 'move', count: 6, share: 0.6 });
    expect(of('down', 'move')?.share).toBe(0.2);
    expect(of('down', 'exit')?.share).toBe(0.1);
    expect(of('leave', 'exit')?.share).toBe(0.1);
    expect(ways.reduce((sum, way) => sum + way.share, 0)).toBeCloseTo(1, 12);
  });

  it('has no shares for a cell nobody left, nor for a page with no report', () => {
    expect(waysOut(null)).toMatchObject({ total: 0 });
    expect(waysOut(null).ways.every((way) => way.share === 0)).toBe(true);
  });

  it('draws no arrow for no one, a visible hairline for a few, and grows in proportion to the share', () => {
    expect(arrowWidth(0)).toBe(0);
    expect(arrowWidth(0.001)).toBeGreaterThanOrEqual(1.5);
    expect(arrowWidth(0.5)).toBe(5.25);
    expect(arrowWidth(1)).toBe(9);
    expect(arrowWidth(0.6)).toBeGreaterThan(arrowWidth(0.3));
  });

  it('points each arrow from the middle to its edge, an exit to the very edge, shifted aside when a move shares its direction', () => {
    const right = arrowShape('right', 'move', 3, false);
    expect(right.from).toEqual({ x: 76, y: 50 });
    expect(right.head[0]).toEqual({ x: 94, y: 50 });
    const up = arrowShape('up', 'exit', 3, false);
    expect(up.head[0]).toEqual({ x: 50, y: 1 });
    const shifted = arrowShape('down', 'exit', 3, true);
    expect(shifted.from.y).toBe(76);
    expect(shifted.from.x).not.toBe(50);
  });
});
