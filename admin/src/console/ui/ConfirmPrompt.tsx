import * as Dialog from '@radix-ui/react-dialog';
import { useI18n } from '../i18n/i18n.tsx';

export type Ask = { message: string; confirmLabel: string; danger: boolean };

/** The confirmation itself (ConfirmDialog.tsx's `dialog`): its own chunk, loaded the first time a screen asks. */
export default function ConfirmPrompt({ ask, onAnswer }: { ask: Ask; onAnswer(answer: boolean): void }) {
  const { t } = useI18n();
  return (
    <Dialog.Root
      open
      onOpenChange={(open) => {
        if (!open) onAnswer(false);
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog card stack" role="alertdialog" aria-describedby={undefined}>
          <Dialog.Title className="dialog-title">{ask.message}</Dialog.Title>
          <div className="row">
            <button type="button" className={ask.danger ? 'danger' : undefined} onClick={() => onAnswer(true)}>
              {ask.confirmLabel}
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
}
