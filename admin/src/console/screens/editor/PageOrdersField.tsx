import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useI18n } from '../../i18n/i18n.tsx';

/**
 * effectivePages: the page orders (rows 1…rows of the grid) a popup or a campaign shows on,
 * one checkbox each, kept sorted.
 */
export function PageOrdersField<T extends FieldValues, Valid extends FieldValues = T>({ control, name, rows }: { control: Control<T, unknown, Valid>; name: FieldPath<T>; rows: number }) {
  const { t } = useI18n();
  const { field, fieldState } = useController({ control, name });
  const chosen = new Set((field.value as number[] | undefined) ?? []);
  const toggle = (order: number, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(order);
    else next.delete(order);
    field.onChange([...next].sort((a, b) => a - b));
  };
  return (
    <fieldset className="page-orders">
      <legend>{t('effectivePages')}</legend>
      {Array.from({ length: rows }, (_, index) => index + 1).map((order) => (
        <label key={order} className="check">
          <input type="checkbox" checked={chosen.has(order)} onChange={(event) => toggle(order, event.target.checked)} /> {t('pageOrder', { order })}
        </label>
      ))}
      {fieldState.error?.message && (
        <small className="field-error" role="alert">
          {fieldState.error.message}
        </small>
      )}
    </fieldset>
  );
}
