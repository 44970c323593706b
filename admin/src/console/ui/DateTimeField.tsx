import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { Field } from './Field.tsx';
import { isoToLocalInput, localInputToIso } from './date-time.ts';

/**
 * A date-time picked in the browser's zone and kept as ISO 8601 with that zone's offset (what
 * the shared schemas take); cleared is null. Its message shows beside it.
 */
export function DateTimeField<T extends FieldValues, Valid extends FieldValues = T>({ control, name, label }: { control: Control<T, unknown, Valid>; name: FieldPath<T>; label: string }) {
  const { field, fieldState } = useController({ control, name });
  return (
    <Field label={label} error={fieldState.error}>
      {(props) => (
        <input
          {...props}
          type="datetime-local"
          name={field.name}
          ref={field.ref}
          value={isoToLocalInput(field.value as string | null)}
          onBlur={field.onBlur}
          onChange={(event) => field.onChange(localInputToIso(event.target.value))}
        />
      )}
    </Field>
  );
}
