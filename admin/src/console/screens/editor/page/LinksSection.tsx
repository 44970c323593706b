import { useFieldArray, useFormContext } from 'react-hook-form';
import { linkTypeSchema, type PageContent } from '../../../../../../model/page.ts';
import { useI18n } from '../../../i18n/i18n.tsx';
import { DestinationField } from './DestinationField.tsx';
import { selectedRows } from './selected-rows.ts';
import { NumberField, SelectField, SurveyField } from './fields.tsx';

/** The selected link area's fields, which the inspector shows (visitor spec §3): destination or survey, place and size. */
export function LinksSection({ selected }: { selected: string | null }) {
  const { t } = useI18n();
  const { control, watch } = useFormContext<PageContent>();
  const links = useFieldArray({ control, name: 'links', keyName: 'key' });
  return (
    <fieldset>
      <legend>{t('linkAreas')}</legend>
      {selectedRows(links.fields, selected, 'link').map(({ field, index }) => (
        <div key={field.key} className={`item-row${selected === `link-${field.id}` ? ' item-selected' : ''}`} data-testid={`link-${index}`} data-item-fields={`link-${field.id}`}>
          <SelectField name={`links.${index}.linkType`} label={t('linkType')} options={linkTypeSchema.options} text={(option) => t(`linkType.${linkTypeSchema.parse(option)}`)} />
          {watch(`links.${index}.linkType`) === 'survey' ? (
            <SurveyField name={`links.${index}.surveyId`} label={t('linkedSurvey')} />
          ) : (
            <DestinationField name={`links.${index}.linkDestinationUrl`} kind={watch(`links.${index}.linkType`)} />
          )}
          <NumberField name={`links.${index}.positionLeft`} label={t('left')} />
          <NumberField name={`links.${index}.positionTop`} label={t('top')} />
          <NumberField name={`links.${index}.width`} label={t('width')} />
          <NumberField name={`links.${index}.height`} label={t('height')} />
          <button type="button" className="secondary" onClick={() => links.remove(index)}>
            {t('remove')}
          </button>
        </div>
      ))}
    </fieldset>
  );
}
