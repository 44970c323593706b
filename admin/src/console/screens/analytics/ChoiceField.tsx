import { useId } from 'react';
import { useI18n } from '../../i18n/i18n.tsx';

type Props = { label: string; value: string; options: readonly { value: string; label: string }[]; onChange(value: string): void; all?: boolean; disabled?: boolean };

/** A labelled select, for a filter or a section's own choice: "All" (no filter) first unless `all` is false. */
export function ChoiceField({ label, value, options, onChange, all = true, disabled = false }: Props) {
  const { t } = useI18n();
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)} disabled={disabled}>
        {all && <option value="">{t('all')}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
