import { lazy, Suspense, useCallback, useRef, useState, type ReactNode } from 'react';
import type { Ask } from './ConfirmPrompt.tsx';

// The dialog library is most of a confirmation's weight: it loads when one is first asked, not with every screen that may ask.
const ConfirmPrompt = lazy(() => import('./ConfirmPrompt.tsx'));

/**
 * An accessible confirmation (focus kept inside, Escape cancels, focus returns to the opener),
 * in place of `window.confirm`, which cannot be styled or translated around. `confirm` resolves
 * true only on the confirming button; render `dialog` once in the screen.
 * @example const { confirm, dialog } = useConfirm(); if (await confirm({ message, confirmLabel })) remove();
 */
export function useConfirm(): { confirm(ask: { message: string; confirmLabel: string; danger?: boolean }): Promise<boolean>; dialog: ReactNode } {
  const [ask, setAsk] = useState<Ask | null>(null);
  const settle = useRef<((answer: boolean) => void) | null>(null);
  const confirm = useCallback((next: { message: string; confirmLabel: string; danger?: boolean }) => {
    settle.current?.(false);
    setAsk({ danger: false, ...next });
    return new Promise<boolean>((resolve) => {
      settle.current = resolve;
    });
  }, []);
  const answer = (value: boolean) => {
    settle.current?.(value);
    settle.current = null;
    setAsk(null);
  };
  const dialog = ask && (
    <Suspense fallback={null}>
      <ConfirmPrompt ask={ask} onAnswer={answer} />
    </Suspense>
  );
  return { confirm, dialog };
}
