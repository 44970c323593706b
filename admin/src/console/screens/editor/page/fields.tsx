import { get, useController, useFormContext, type FieldPath, type FieldPathByValue } from 'react-hook-form';
import type { PageContent } from '../../../../../../model/page.ts';
import { useI18n } from '../../../i18n/i18n.tsx';
import { Check, Field } from '../../../ui/Field.tsx';
import { useEditorSite } from '../editor-context.tsx';
import { SurveyPicker } from '../SurveyPicker.tsx';

/** A field of the page form, named as react-hook-form names it (`buttons.0.buttonText`). */
type Name = FieldPath<PageContent>;

/** The message react-hook-form holds for a field, if any, to show beside it. */
export function useFieldError(name: Name): { message?: string } | undefined {
  const { formState } = useFormContext<PageContent>();
  return get(formState.errors, name);
}

/** A text or textarea field of the page form, its message beside it. */
export function TextField({ name, label, area = false }: { name: Name; label: string; area?: boolean }) {
  const { register } = useFormContext<PageContent>();
  const error = useFieldError(name);
  return (
    <Field label={label} error={error}>
      {(props) => (area ? <textarea {...props} rows={3} {...register(name)} /> : <input {...props} {...register(name)} />)}
    </Field>
  );
}

/** An optional text: empty means unset (undefined), which the schema leaves out. */
export function OptionalTextField({ name, label, area = false }: { name: FieldPathByValue<PageContent, string | undefined>; label: string; area?: boolean }) {
  const { register } = useFormContext<PageContent>();
  const error = useFieldError(name);
  const options = { setValueAs: (value: unknown) => (value === '' || value === null || value === undefined ? undefined : String(value)) };
  return (
    <Field label={label} error={error}>
      {(props) => (area ? <textarea {...props} rows={4} {...register(name, options)} /> : <input {...props} {...register(name, options)} />)}
    </Field>
  );
}

/** A colour typed as `#RRGGBB`, with the browser's picker beside it. */
export function ColorField({ name, label }: { name: FieldPathByValue<PageContent, string>; label: string }) {
  const { register, watch, setValue } = useFormContext<PageContent>();
  const error = useFieldError(name);
  const value = watch(name);
  const { t } = useI18n();
  return (
    <Field label={label} error={error}>
      {(props) => (
        <span className="color-field">
          <input {...props} {...register(name)} />
          <input
            type="color"
            aria-label={`${label} (${t('colourPicker')})`}
            value={/^#[0-9a-fA-F]{6}$/.test(value) ? value.toLowerCase() : '#000000'}
            onChange={(event) => setValue(name, event.target.value.toUpperCase(), { shouldDirty: true, shouldValidate: true })}
          />
        </span>
      )}
    </Field>
  );
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
