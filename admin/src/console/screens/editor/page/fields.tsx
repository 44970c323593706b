import { get, useController, useFormContext, useWatch, type FieldPath, type FieldPathByValue } from 'react-hook-form';
import { pageContentSchema, type PageContent } from '../../../../../../model/page.ts';
import { ColorField as SwatchField } from '../../../ui/ColorField.tsx';
import { Check, Field } from '../../../ui/Field.tsx';
import { maxLengthAt } from '../../../ui/length-counter.ts';
import { useEditorSite } from '../editor-context.tsx';
import { SurveyPicker } from '../SurveyPicker.tsx';

/** A field of the page form, named as react-hook-form names it (`buttons.0.buttonText`). */
type Name = FieldPath<PageContent>;

/** The message react-hook-form holds for a field, if any, to show beside it. */
export function useFieldError(name: Name): { message?: string } | undefined {
  const { formState } = useFormContext<PageContent>();
  return get(formState.errors, name);
}

/** The length counter of a page field whose schema caps its length, else none. */
function useLengthCount(name: Name): { length: number; max: number } | undefined {
  const value: unknown = useWatch<PageContent>({ name });
  const max = maxLengthAt(pageContentSchema, name);
  return max === undefined ? undefined : { length: typeof value === 'string' ? value.length : 0, max };
}

/** A text or textarea field of the page form, its message beside it and its length under it. */
export function TextField({ name, label, area = false }: { name: Name; label: string; area?: boolean }) {
  const { register } = useFormContext<PageContent>();
  const error = useFieldError(name);
  const count = useLengthCount(name);
  return (
    <Field label={label} error={error} count={count}>
      {(props) => (area ? <textarea {...props} rows={3} {...register(name)} /> : <input {...props} {...register(name)} />)}
    </Field>
  );
}

/** An optional text: empty means unset (undefined), which the schema leaves out. */
export function OptionalTextField({ name, label, area = false }: { name: FieldPathByValue<PageContent, string | undefined>; label: string; area?: boolean }) {
  const { register } = useFormContext<PageContent>();
  const error = useFieldError(name);
  const options = { setValueAs: (value: unknown) => (value === '' || value === null || value === undefined ? undefined : String(value)) };
  const count = useLengthCount(name);
  return (
    <Field label={label} error={error} count={count}>
      {(props) => (area ? <textarea {...props} rows={4} {...register(name, options)} /> : <input {...props} {...register(name, options)} />)}
    </Field>
  );
}

/** A colour of the page: the shared swatch and text (ui/ColorField). */
export function ColorField({ name, label }: { name: FieldPathByValue<PageContent, string>; label: string }) {
  const { control } = useFormContext<PageContent>();
  return <SwatchField control={control} name={name} label={label} />;
}

/** A number field; `nullable` ones are unset when empty (the viewer's default place). */
export function NumberField({ name, label, nullable = false }: { name: FieldPathByValue<PageContent, number> | FieldPathByValue<PageContent, number | null>; label: string; nullable?: boolean }) {
  const { register } = useFormContext<PageContent>();
  const error = useFieldError(name);
  const options = nullable ? { setValueAs: (value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value)) } : { valueAsNumber: true as const };
  return (
    <Field label={label} error={error}>
      {(props) => <input {...props} type="number" {...register(name, options)} />}
    </Field>
  );
}

/** A choice among a schema's options, each shown by its text key. */
export function SelectField({ name, label, options, text }: { name: Name; label: string; options: readonly string[]; text?: (option: string) => string }) {
  const { register } = useFormContext<PageContent>();
  const error = useFieldError(name);
  return (
    <Field label={label} error={error}>
      {(props) => (
        <select {...props} {...register(name)}>
          {options.map((option) => (
            <option key={option} value={option}>
              {text ? text(option) : option}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

export function CheckField({ name, label }: { name: FieldPathByValue<PageContent, boolean> | 'snsConfig.display'; label: string }) {
  const { register } = useFormContext<PageContent>();
  return <Check label={label} {...register(name)} />;
}

/** The survey a link leads to, picked by title among the site's; none is null. */
export function SurveyField({ name, label }: { name: FieldPathByValue<PageContent, string | null>; label: string }) {
  const { site } = useEditorSite();
  const { field } = useController<PageContent, FieldPathByValue<PageContent, string | null>>({ name });
  const error = useFieldError(name);
  return <SurveyPicker siteId={site.id} label={label} value={field.value} error={error} onChange={field.onChange} />;
}
