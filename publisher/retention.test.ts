import { describe, expect, it } from 'vitest';
import { versionsToKeep } from './retention.ts';

describe('version retention', () => {
  it('keeps the newest versions by number', () => {
    expect([...versionsToKeep([3, 1, 4, 2, 5], 5, 3)].sort()).toEqual([3, 4, 5]);
  });

  it('keeps a live version a rollback made old, besides the newest', () => {
    expect([...versionsToKeep([1, 2, 3, 4, 5], 1, 2)].sort()).toEqual([1, 4, 5]);
  });

  it('keeps only the live version when nothing else is asked for, and nothing of a site never made live', () => {
    expect([...versionsToKeep([1, 2, 3], 2, 0)]).toEqual([2]);
    expect([...versionsToKeep([1, 2, 3], null, 0)]).toEqual([]);
  });
});
