import { describe, expect, it } from 'vitest';
import { popupCtaItemSchema } from '../../../../../model/site.ts';
import { CanvasPopups } from './canvas-popups.ts';

describe('the canvas popups store', () => {
  it('tells its listeners of new popups only, and stops when they leave', () => {
    const store = new CanvasPopups();
    const heard: unknown[] = [];
    const leave = store.subscribe(() => heard.push(store.get()));
    expect(store.get()).toBeNull();
    const popups = { timeLimit: popupCtaItemSchema.parse({ id: 't1', effectivePages: [1] }) };
    store.set(popups);
    store.set(structuredClone(popups));
    expect(heard).toEqual([popups]);
    store.set({});
    expect(heard).toEqual([popups, {}]);
    leave();
    store.set(null);
    expect(heard).toHaveLength(2);
    expect(store.get()).toBeNull();
  });
});
