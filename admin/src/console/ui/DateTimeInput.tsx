import { Field } from './Field.tsx';
import { isoToLocalInput, localInputToIso } from './date-time.ts';

/**
 * A date-time picked in the browser's zone and kept as ISO 8601 with that zone's offset (what
 * the shared schemas take); cleared is null. Its message, or else its hint, shows beside it.
 * For a form kept in component state; DateTimeField is the same for react-hook-form.
 */
export function DateTimeInput({
  label,
  value,
  onChange,
  error,
  hint,
  name,
  inputRef,
  onBlur,
}: {
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
  error?: { message?: string } | undefined;
  hint?: string;
  name?: string;
  inputRef?: (element: HTMLInputElement | null) => void;
  onBlur?: () => void;
}) {
  return (
    <Field label={label} error={error} hint={hint}>
      {(props) => (
        <input {...props} type="datetime-local" name={name} ref={inputRef} value={isoToLocalInput(value)} onBlur={onBlur} onChange={(event) => onChange(localInputToIso(event.target.value))} />
      )}
    </Field>
  );
}
