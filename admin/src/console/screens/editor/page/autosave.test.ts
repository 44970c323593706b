import { describe, expect, it } from 'vitest';
import { Autosaver, type SaveOutcome, type SaveState } from './autosave.ts';

/** A clock the test moves by hand: timers fire only when `advance` passes them. */
function manualClock() {
  let now = 0;
  let timers: { at: number; run: () => void; id: number }[] = [];
  let ids = 0;
  return {
    set(run: () => void, ms: number) {
      ids += 1;
      timers.push({ at: now + ms, run, id: ids });
      return ids;
    },
    clear(timer: unknown) {
      timers = timers.filter((each) => each.id !== timer);
    },
    now: () => now,
    advance(ms: number) {
      now += ms;
      const due = timers.filter((each) => each.at <= now);
      timers = timers.filter((each) => each.at > now);
      for (const each of due) each.run();
    },
  };
}

/** A save whose answers the test gives one by one. */
function controlledSave() {
  const calls: ((outcome: SaveOutcome) => void)[] = [];
  return {
    save: () => new Promise<SaveOutcome>((resolve) => calls.push(resolve)),
    calls,
    answer(outcome: SaveOutcome) {
      const next = calls.shift();
      if (!next) throw new Error('no save is waiting');
      next(outcome);
    },
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

function setup() {
  const clock = manualClock();
  const saves = controlledSave();
  const states: SaveState[] = [];
  let started = 0;
  const saver = new Autosaver(
    () => {
      started += 1;
      return saves.save();
    },
    (state) => states.push(state),
    800,
    clock,
  );
  return { clock, saves, states, saver, started: () => started };
}

describe('Autosaver', () => {
  it('saves once, 800 ms after the last of quick changes, and then says saved with the time', async () => {
    const { clock, saves, states, saver, started } = setup();
    saver.changed();
    clock.advance(500);
    saver.changed();
    clock.advance(500);
    expect(started()).toBe(0);
    clock.advance(300);
    expect(started()).toBe(1);
    expect(states.at(-1)).toEqual({ kind: 'saving' });
    saves.answer({ ok: true });
    await settle();
    expect(states.at(-1)).toEqual({ kind: 'saved', at: 1300 });
    expect(saver.unsaved).toBe(false);
  });

  it('saves a change made during a save after that save answers, never two at once', async () => {
    const { clock, saves, saver, started } = setup();
    saver.changed();
    clock.advance(800);
    saver.changed();
    clock.advance(800);
    expect(started()).toBe(1);
    saves.answer({ ok: true });
    await settle();
    expect(started()).toBe(2);
    saves.answer({ ok: true });
    await settle();
    expect(saver.unsaved).toBe(false);
  });

  it('flushes at once and answers whether everything is stored', async () => {
    const { saves, saver, started } = setup();
    expect(await saver.flush()).toBe(true);
    saver.changed();
    const flushed = saver.flush();
    await settle();
    expect(started()).toBe(1);
    saves.answer({ ok: true });
    expect(await flushed).toBe(true);
  });

  it('keeps a refused change pending with the reason, and tries again on the next change', async () => {
    const { clock, saves, states, saver, started } = setup();
    saver.changed();
    const flushed = saver.flush();
    await settle();
    saves.answer({ ok: false, reason: 'fix the marked field' });
    expect(await flushed).toBe(false);
    expect(states.at(-1)).toEqual({ kind: 'failed', reason: 'fix the marked field' });
    expect(saver.unsaved).toBe(true);
    saver.changed();
    clock.advance(800);
    expect(started()).toBe(2);
  });

  it('stops on a held refusal (a stale page) until the owner chooses, and flush then reports unsaved work', async () => {
    const { clock, saves, states, saver, started } = setup();
    saver.changed();
    clock.advance(800);
    saves.answer({ ok: false, reason: 'changed in another tab', hold: true });
    await settle();
    saver.changed();
    clock.advance(5000);
    expect(started()).toBe(1);
    expect(await saver.flush()).toBe(false);
    expect(states.at(-1)).toEqual({ kind: 'failed', reason: 'changed in another tab' });
    saver.resume();
    expect(states.at(-1)).toEqual({ kind: 'saved', at: null });
    saver.changed();
    clock.advance(800);
    expect(started()).toBe(2);
  });
});
