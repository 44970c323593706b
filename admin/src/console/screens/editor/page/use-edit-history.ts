import { useCallback, useEffect, useReducer, useRef } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { PageContent } from '../../../../../../model/page.ts';
import { changeGroup, record, redo, startHistory, undo, type History } from './history.ts';

/**
 * Undo and redo for a page form: every change the form sees is a step (quick ones from one item
 * folded, history.ts), and undoing puts the form back to the step before, still unsaved against
 * what the server holds (its default values stay). Kept in a ref so a step is applied once, not
 * again by a re-render.
 */
export function useEditHistory(form: UseFormReturn<PageContent, unknown, PageContent>) {
  const history = useRef<History<PageContent>>(startHistory(structuredClone(form.getValues())));
  const applying = useRef(false);
  const [, rerender] = useReducer((count: number) => count + 1, 0);

  useEffect(() => {
    const subscription = form.watch((_values, { name }) => {
      if (applying.current) return;
      const next = structuredClone(form.getValues());
      // A reset to what the form already holds (a save's answer, a page refreshed) is no step.
      if (JSON.stringify(next) === JSON.stringify(history.current.present)) return;
      history.current = record(history.current, next, changeGroup(name), Date.now());
      rerender();
    });
    return () => subscription.unsubscribe();
  }, [form]);

  const apply = useCallback(
    (step: (current: History<PageContent>) => History<PageContent>) => {
      const next = step(history.current);
      if (next === history.current) return;
      history.current = next;
      applying.current = true;
      try {
        form.reset(structuredClone(next.present), { keepDefaultValues: true });
      } finally {
        applying.current = false;
      }
      rerender();
    },
    [form],
  );

  return {
    canUndo: history.current.past.length > 0,
    canRedo: history.current.future.length > 0,
    undo: useCallback(() => apply(undo), [apply]),
    redo: useCallback(() => apply(redo), [apply]),
  };
}
