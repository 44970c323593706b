import { useI18n } from '../../../i18n/i18n.tsx';
import { useConfirm } from '../../../ui/ConfirmDialog.tsx';

/** Control, B, C…: which arm of the page the form and the canvas edit, and adding, duplicating, removing variants. */
export function VariantSwitcher(props: { keys: readonly string[]; arm: string; onPick(arm: string): void; onAdd(from: string): void; onRemove(key: string): void }) {
  const { t } = useI18n();
  const { confirm, dialog } = useConfirm();
  const { keys, arm } = props;
  const remove = async () => {
    if (await confirm({ message: t('variantRemoveConfirm', { key: arm }), confirmLabel: t('variantRemove'), danger: true })) props.onRemove(arm);
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: toggle buttons in a row; role=group names them without a fieldset's frame.
    <div className="row" role="group" aria-label={t('variants')} data-testid="variant-switcher">
      {['control', ...keys].map((candidate) => (
        <button key={candidate} type="button" aria-pressed={arm === candidate} className={arm === candidate ? '' : 'secondary'} onClick={() => props.onPick(candidate)}>
          {candidate === 'control' ? t('variantControl') : candidate}
        </button>
      ))}
      <button type="button" className="secondary" onClick={() => props.onAdd('control')}>
        {t('variantAdd')}
      </button>
      {arm !== 'control' && (
        <>
          <button type="button" className="secondary" onClick={() => props.onAdd(arm)}>
            {t('variantDuplicate')}
          </button>
          <button type="button" className="secondary" onClick={() => void remove()}>
            {t('variantRemove')}
          </button>
        </>
      )}
      {dialog}
    </div>
  );
}
