import { useEffect, useRef } from 'react';
import { useController, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { INTERNAL_LINK_TYPES } from '../../../../../model/internal-link.ts';
import { linkDestinationProblem, type LinkType } from '../../../../../model/page.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { Field } from '../../ui/Field.tsx';
import { useEditorSite } from './editor-context.tsx';

/**
 * Where a button, a link area, a link button or a campaign item leads, entered the way its kind
 * needs: a site screen and a page picked from lists of words, a web address typed as a URL, a
 * script as text. Nothing is typed that the viewer would have to recognise as a magic word.
 * `none` and `survey` (the survey has a picker of its own) show nothing here. Any form's field.
 */
export function DestinationPicker<Values extends FieldValues, Valid extends FieldValues = Values>({
  control,
  name,
  kind,
}: {
  control: Control<Values, unknown, Valid>;
  name: FieldPathByValue<Values, string>;
  kind: LinkType;
}) {
  const { t } = useI18n();
  const { site } = useEditorSite();
  const { field, fieldState } = useController({ control, name });
  const value = typeof field.value === 'string' ? field.value : '';
  const { onChange } = field;
  // A new kind empties a destination that does not suit it (a URL left behind when the owner picks "a page"),
  // instead of keeping a value the list cannot show and the save would refuse.
  const shownKind = useRef(kind);
  useEffect(() => {
    if (shownKind.current === kind) return;
    shownKind.current = kind;
    if (linkDestinationProblem(kind, value) !== null) onChange('');
  }, [kind, value, onChange]);
  if (kind === 'none' || kind === 'survey') return null;
  const bound = { ref: field.ref, name: field.name, value, onBlur: field.onBlur };
  if (kind === 'internal' || kind === 'page') {
    const rows = Math.max(0, ...site.creatives.map((column) => column.pages.length));
    const options =
      kind === 'internal'
        ? INTERNAL_LINK_TYPES.map((screen) => [screen, t(`internalScreen.${screen}`)] as const)
        : Array.from({ length: rows }, (_, index) => String(index + 1)).map((row) => [row, t('destinationPageNumber', { row })] as const);
    return (
      <Field label={t(kind === 'internal' ? 'internalLinkType' : 'destinationPage')} error={fieldState.error}>
        {(props) => (
          <select {...props} {...bound} onChange={(event) => onChange(event.target.value)}>
            <option value="">{t('destinationUnset')}</option>
            {options.map(([option, text]) => (
              <option key={option} value={option}>
                {text}
              </option>
            ))}
          </select>
        )}
      </Field>
    );
  }
  if (kind === 'script') {
    return (
      <Field label={t('linkType.script')} error={fieldState.error}>
        {(props) => <textarea {...props} {...bound} rows={3} onChange={(event) => onChange(event.target.value)} />}
      </Field>
    );
  }
  return (
    <Field label={t('linkDestinationUrl')} error={fieldState.error}>
      {(props) => <input {...props} {...bound} type="url" inputMode="url" placeholder="https://" onChange={(event) => onChange(event.target.value)} />}
    </Field>
  );
}
