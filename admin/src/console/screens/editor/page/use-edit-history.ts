import { useCallback, useEffect, useReducer, useRef } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { PageContent } from '../../../../../../model/page.ts';
import { changeGroup, record, redo, startHistory, undo, type History } from './history.ts';

/** Histories kept by the editor while it is open, one per page (and variant): a page opened again can still undo. */
export type HistoryStore = Map<string, History<PageContent>>;

/** Where a page's history is kept, or nowhere (a form on its own). */
type Keeping = { store: HistoryStore; key: string } | null;

/** The history a form starts with: the kept one, its last step the content now (a save answered, another tab wrote it), or a fresh one. */
function resume(keeping: Keeping, content: PageContent): History<PageContent> {
  const kept = keeping?.store.get(keeping.key);
  if (!kept) return startHistory(content);
  if (JSON.stringify(kept.present) === JSON.stringify(content)) return kept;
  return record(kept, content, 'reopened', 0);
}

/**
 * Undo and redo for a page form: every change the form sees is a step (quick ones from one item
 * folded, history.ts), and undoing puts the form back to the step before, still unsaved against
 * what the server holds (its default values stay). Kept in a ref so a step is applied once, not
 * again by a re-render, and in the editor's store, so leaving the page and coming back keeps it.
 */
export function useEditHistory(form: UseFormReturn<PageContent, unknown, PageContent>, keeping: Keeping = null) {
  const history = useRef<History<PageContent> | null>(null);
  history.current ??= resume(keeping, structuredClone(form.getValues()));
  const applying = useRef(false);
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  const store = keeping?.store;
  const key = keeping?.key;
  const keep = useCallback(
    (next: History<PageContent>) => {
      history.current = next;
      if (store && key) store.set(key, next);
    },
    [store, key],
  );

  useEffect(() => {
    const subscription = form.watch((_values, { name }) => {
      if (applying.current || !history.current) return;
      const next = structuredClone(form.getValues());
      // A reset to what the form already holds (a save's answer, a page refreshed) is no step.
      if (JSON.stringify(next) === JSON.stringify(history.current.present)) return;
      keep(record(history.current, next, changeGroup(name), Date.now()));
      rerender();
    });
    return () => subscription.unsubscribe();
  }, [form, keep]);

  const apply = useCallback(
    (step: (current: History<PageContent>) => History<PageContent>) => {
      if (!history.current) return;
      const next = step(history.current);
      if (next === history.current) return;
      keep(next);
      applying.current = true;
      try {
        form.reset(structuredClone(next.present), { keepDefaultValues: true });
      } finally {
        applying.current = false;
      }
      rerender();
    },
    [form, keep],
  );

  return {
    canUndo: (history.current?.past.length ?? 0) > 0,
    canRedo: (history.current?.future.length ?? 0) > 0,
    undo: useCallback(() => apply(undo), [apply]),
    redo: useCallback(() => apply(redo), [apply]),
  };
}
