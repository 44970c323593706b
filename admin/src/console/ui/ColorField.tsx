import { useId, useState } from 'react';
import { useController, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { useI18n } from '../i18n/i18n.tsx';
import { fromPicker, pickerHex } from './colour-value.ts';
import { Field } from './Field.tsx';
import { recentColours, rememberColour } from './recent-colours.ts';

/**
 * A colour: a swatch that opens the browser's picker, with the value as text beside it (any
 * form the model allows: #RGB, #RRGGBB, rgb(a), hsl(a)). The swatch shows the colour the text
 * parses to, see-through over a checkerboard, and an empty or mistyped text as a struck square.
 * The picker suggests the colours picked last in this browser.
 */
export function ColorField<Values extends FieldValues, Valid extends FieldValues = Values>({
  control,
  name,
  label,
  placeholder,
}: {
  control: Control<Values, unknown, Valid>;
  name: FieldPathByValue<Values, string>;
  label: string;
  /** Shown in the empty text box (an optional colour: "Unchanged"). */
  placeholder?: string;
}) {
  const { t } = useI18n();
  const { field, fieldState } = useController({ control, name });
  const value = typeof field.value === 'string' ? field.value : '';
  const hex = pickerHex(value);
  const listId = useId();
  // Read once the field is shown: picks made in another field since then join on the next visit.
  const [suggestions] = useState(recentColours);
  return (
    <Field label={label} error={fieldState.error}>
      {(props) => (
        <span className="color-field">
          <span className={`swatch${hex ? '' : ' swatch-none'}`} data-testid="colour-swatch">
            {hex && <span className="swatch-colour" style={{ backgroundColor: value.trim() }} />}
            <input
              type="color"
              aria-label={t('pickColour', { label })}
              value={hex ?? '#000000'}
              list={suggestions.length ? listId : undefined}
              onChange={(event) => field.onChange(fromPicker(event.target.value, value))}
              onBlur={() => {
                rememberColour(value);
                field.onBlur();
              }}
            />
          </span>
          {suggestions.length > 0 && (
            <datalist id={listId}>
              {suggestions.map((colour) => (
                <option key={colour} value={colour} />
              ))}
            </datalist>
          )}
          <input
            {...props}
            ref={field.ref}
            name={field.name}
            value={value}
            placeholder={placeholder}
            spellCheck={false}
            autoComplete="off"
            onChange={(event) => field.onChange(event.target.value)}
            onBlur={field.onBlur}
          />
        </span>
      )}
    </Field>
  );
}
