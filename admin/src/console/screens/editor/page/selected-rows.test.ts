import { describe, expect, it } from 'vitest';
import { selectedRows } from './selected-rows.ts';

describe('selectedRows', () => {
  const fields = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];
  it('keeps the selected item of the kind with its index in the form', () => {
    expect(selectedRows(fields, 'link-b', 'link')).toEqual([{ field: { id: 'b' }, index: 1 }]);
  });
  it('keeps nothing for another kind, an unknown item or no selection', () => {
    expect(selectedRows(fields, 'button-b', 'link')).toEqual([]);
    expect(selectedRows(fields, 'link-z', 'link')).toEqual([]);
    expect(selectedRows(fields, null, 'link')).toEqual([]);
  });
});
