import * as Dialog from '@radix-ui/react-dialog';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { useI18n } from '../i18n/i18n.tsx';

type Ask = { message: string; confirmLabel: string; danger: boolean };

/**
 * An accessible confirmation (focus kept inside, Escape cancels, focus returns to the opener),
 * in place of `window.confirm`, which cannot be styled or translated around. `confirm` resolves
 * true only on the confirming button; render `dialog` once in the screen.
 * @example const { confirm, dialog } = useConfirm(); if (await confirm({ message, confirmLabel })) remove();
 */
export function useConfirm(): { confirm(ask: { message: string; confirmLabel: string; danger?: boolean }): Promise<boolean>; dialog: ReactNode } {
  const { t } = useI18n();
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
  const dialog = (
    <Dialog.Root
      open={ask !== null}
      onOpenChange={(open) => {
        if (!open) answer(false);
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog card stack" role="alertdialog" aria-describedby={undefined}>
          <Dialog.Title className="dialog-title">{ask?.message}</Dialog.Title>
          <div className="row">
            <button type="button" className={ask?.danger ? 'danger' : undefined} onClick={() => answer(true)}>
              {ask?.confirmLabel}
            </button>
            <Dialog.Close asChild>
              <button type="button" className="secondary">
                {t('cancel')}
              </button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
  return { confirm, dialog };
}
