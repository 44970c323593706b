import { describe, expect, it } from 'vitest';
import { FOLD_MS, HISTORY_LIMIT, changeGroup, record, redo, startHistory, undo } from './history.ts';
import { historyKey } from './history-key.ts';

describe('page edit history', () => {
  it('undoes and redoes steps in order, and a new change forgets what could be redone', () => {
    let history = startHistory('a');
    history = record(history, 'b', 'x', 0);
    history = record(history, 'c', 'y', 10);
    history = undo(history);
    expect(history.present).toBe('b');
    history = undo(history);
    expect(history.present).toBe('a');
    expect(undo(history)).toBe(history);
    history = redo(history);
    expect(history.present).toBe('b');
    history = record(history, 'd', 'x', 20);
    expect(history.future).toEqual([]);
    expect(redo(history)).toBe(history);
    expect(undo(history).present).toBe('b');
  });

  it('folds quick steps from one source into one, but not steps from another source or after a pause', () => {
    let history = startHistory('');
    history = record(history, 'W', 'detail', 0);
    history = record(history, 'Wa', 'detail', 100);
    history = record(history, 'Wal', 'detail', 200);
    expect(undo(history).present).toBe('');
    history = record(history, 'Walk', 'detail', 200 + FOLD_MS);
    expect(undo(history).present).toBe('Wal');
    history = record(history, 'Walk!', 'buttons.0', 200 + FOLD_MS + 1);
    expect(undo(history).present).toBe('Walk');
  });

  it('an undo ends folding: the next change is a step of its own', () => {
    let history = record(startHistory(1), 2, 'x', 0);
    history = undo(history);
    history = record(history, 3, 'x', 1);
    expect(undo(history).present).toBe(1);
  });

  it('keeps at most the last steps', () => {
    let history = startHistory(0);
    for (let step = 1; step <= HISTORY_LIMIT + 5; step++) history = record(history, step, String(step), step);
    expect(history.past).toHaveLength(HISTORY_LIMIT);
    expect(history.past[0]).toBe(5);
  });

  it('groups a field change by the item it belongs to', () => {
    expect(changeGroup('buttons.2.buttonPositionTop')).toBe('buttons.2');
    expect(changeGroup('buttons.2.buttonPositionLeft')).toBe('buttons.2');
    expect(changeGroup('membersOnlyLock')).toBe('membersOnlyLock');
    expect(changeGroup(undefined)).toBe('');
  });
});

describe('history keys', () => {
  const key = (k: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }> = {}) => ({
    key: k,
    ctrlKey: false,
    metaKey: false,
    shiftKey: false,
    altKey: false,
    ...mods,
  });
  it('Ctrl+Z and Cmd+Z undo; with Shift, or Ctrl+Y, redo; plain keys and Alt combinations do nothing', () => {
    expect(historyKey(key('z', { ctrlKey: true }))).toBe('undo');
    expect(historyKey(key('z', { metaKey: true }))).toBe('undo');
    expect(historyKey(key('Z', { ctrlKey: true, shiftKey: true }))).toBe('redo');
    expect(historyKey(key('y', { ctrlKey: true }))).toBe('redo');
    expect(historyKey(key('z'))).toBeNull();
    expect(historyKey(key('z', { ctrlKey: true, altKey: true }))).toBeNull();
    expect(historyKey(key('x', { ctrlKey: true }))).toBeNull();
  });
});
