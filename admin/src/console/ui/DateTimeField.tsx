import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { DateTimeInput } from './DateTimeInput.tsx';

/** DateTimeInput bound to a react-hook-form field: its value, its message. */
export function DateTimeField<T extends FieldValues, Valid extends FieldValues = T>({ control, name, label }: { control: Control<T, unknown, Valid>; name: FieldPath<T>; label: string }) {
  const { field, fieldState } = useController({ control, name });
  return <DateTimeInput label={label} name={field.name} inputRef={field.ref} value={field.value as string | null} onBlur={field.onBlur} onChange={field.onChange} error={fieldState.error} />;
}
