import { useId } from 'react';

type Props = { label: string; value: string; min: string; max: string; error: string | null; onChange(value: string): void };

/** A report date with B §5's refusal beside it, tied to the field so a screen reader says it there. */
export function DateField({ label, value, min, max, error, onChange }: Props) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="date"
        value={value}
        min={min}
        max={max}
        aria-invalid={error !== null}
        aria-describedby={error === null ? undefined : `${id}-error`}
        onChange={(event) => onChange(event.target.value)}
      />
      {error !== null && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
