import { useEffect, useRef } from 'react';
import { useFormContext, type FieldPathByValue } from 'react-hook-form';
import { INTERNAL_LINK_TYPES } from '../../../../../../model/internal-link.ts';
import { linkDestinationProblem, type LinkType, type PageContent } from '../../../../../../model/page.ts';
import { useI18n } from '../../../i18n/i18n.tsx';
import { Field } from '../../../ui/Field.tsx';
import { useEditorSite } from '../editor-context.tsx';
import { useFieldError } from './fields.tsx';

type DestinationName = FieldPathByValue<PageContent, string>;

/**
 * Where a button, a link area or a link button leads, entered the way its kind needs: a site
 * screen and a page picked from lists of words, a web address typed as a URL, a script as text.
 * Nothing is typed that the viewer would have to recognise as a magic word. `none` and `survey`
 * (the survey has a picker of its own) show nothing here.
 */
export function DestinationField({ name, kind }: { name: DestinationName; kind: LinkType }) {
  const { t } = useI18n();
  const { site } = useEditorSite();
  const { register, getValues, setValue } = useFormContext<PageContent>();
  const error = useFieldError(name);
  // A new kind empties a destination that does not suit it (a URL left behind when the owner picks "a page"),
  // instead of keeping a value the list cannot show and the save would refuse.
  const shownKind = useRef(kind);
  useEffect(() => {
    if (shownKind.current === kind) return;
    shownKind.current = kind;
    if (linkDestinationProblem(kind, getValues(name)) !== null) setValue(name, '', { shouldDirty: true });
  }, [kind, name, getValues, setValue]);
  if (kind === 'none' || kind === 'survey') return null;
  if (kind === 'internal') {
    return (
      <Field label={t('internalLinkType')} error={error}>
        {(props) => (
          <select {...props} {...register(name)}>
            <option value="">{t('destinationUnset')}</option>
            {INTERNAL_LINK_TYPES.map((screen) => (
              <option key={screen} value={screen}>
                {t(`internalScreen.${screen}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
    );
  }
  if (kind === 'page') {
    const rows = Math.max(0, ...site.creatives.map((column) => column.pages.length));
    return (
      <Field label={t('destinationPage')} error={error}>
        {(props) => (
          <select {...props} {...register(name)}>
            <option value="">{t('destinationUnset')}</option>
            {Array.from({ length: rows }, (_, index) => String(index + 1)).map((row) => (
              <option key={row} value={row}>
                {t('destinationPageNumber', { row })}
              </option>
            ))}
          </select>
        )}
      </Field>
    );
  }
  if (kind === 'script') {
    return (
      <Field label={t('linkType.script')} error={error}>
        {(props) => <textarea {...props} rows={3} {...register(name)} />}
      </Field>
    );
  }
  return (
    <Field label={t('linkDestinationUrl')} error={error}>
      {(props) => <input {...props} type="url" inputMode="url" placeholder="https://" {...register(name)} />}
    </Field>
  );
}
