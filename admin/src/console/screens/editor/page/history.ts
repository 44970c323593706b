/**
 * The undo and redo stacks of one edited value (a page's form). Steps from the same source in
 * quick succession (typing in one field, dragging one item) fold into one step, so an undo goes
 * back a word or a whole drag rather than a character or a pixel.
 */
export type History<T> = {
  readonly past: readonly T[];
  readonly present: T;
  readonly future: readonly T[];
  /** The source and time of the last recorded step, which the next may fold into. */
  readonly last: { group: string; at: number } | null;
};

/** Steps kept; older ones drop off. */
export const HISTORY_LIMIT = 100;
/** Steps from one source closer than this fold into one. */
export const FOLD_MS = 800;

export function startHistory<T>(present: T): History<T> {
  return { past: [], present, future: [], last: null };
}

/** The value after a change; a new change forgets what could be redone. */
export function record<T>(history: History<T>, next: T, group: string, at: number): History<T> {
  const folds = history.last !== null && history.last.group === group && at - history.last.at < FOLD_MS;
  const past = folds ? history.past : [...history.past, history.present].slice(-HISTORY_LIMIT);
  return { past, present: next, future: [], last: { group, at } };
}

export function undo<T>(history: History<T>): History<T> {
  const previous = history.past.at(-1);
  if (previous === undefined) return history;
  return { past: history.past.slice(0, -1), present: previous, future: [history.present, ...history.future], last: null };
}

export function redo<T>(history: History<T>): History<T> {
  const [next, ...rest] = history.future;
  if (next === undefined) return history;
  return { past: [...history.past, history.present], present: next, future: rest, last: null };
}

/**
 * The group a form field's change belongs to: the item it is part of (`buttons.0.buttonText` →
 * `buttons.0`), so a drag that sets an item's left and top is one step.
 * @example changeGroup('buttons.2.buttonPositionTop') // 'buttons.2'
 */
export function changeGroup(name: string | undefined): string {
  if (!name) return '';
  const parts = name.split('.');
  return parts.length > 1 ? parts.slice(0, -1).join('.') : name;
}
