import { useFieldArray, useFormContext } from 'react-hook-form';
import { buttonAnimationSchema, buttonShapeSchema, buttonTypeSchema, linkTypeSchema, textAlignSchema, type PageContent } from '../../../../../../model/page.ts';
import { useI18n } from '../../../i18n/i18n.tsx';
import { useEditorSite } from '../editor-context.tsx';
import { MediaField } from '../MediaField.tsx';
import { DestinationField } from './DestinationField.tsx';
import { selectedRows } from './selected-rows.ts';
import { CheckField, ColorField, NumberField, SelectField, SurveyField, TextField } from './fields.tsx';

/** The selected CTA button's fields, which the inspector shows (visitor spec §3): type and content, destination, look, animation, microcopy, place. */
export function ButtonsSection({ selected }: { selected: string | null }) {
  const { t } = useI18n();
  const { site } = useEditorSite();
  const { control, watch, setValue } = useFormContext<PageContent>();
  const buttons = useFieldArray({ control, name: 'buttons', keyName: 'key' });
  return (
    <fieldset>
      <legend>{t('buttons')}</legend>
      {selectedRows(buttons.fields, selected, 'button').map(({ field, index }) => {
        const type = watch(`buttons.${index}.buttonType`);
        const linkType = watch(`buttons.${index}.buttonLinkType`);
        const imageUrl = watch(`buttons.${index}.buttonImageUrl`);
        return (
          <div key={field.key} className={`item-row${selected === `button-${field.id}` ? ' item-selected' : ''}`} data-testid={`button-${index}`} data-item-fields={`button-${field.id}`}>
            <SelectField name={`buttons.${index}.buttonType`} label={t('buttonType')} options={buttonTypeSchema.options} text={(option) => t(`pageButtonType.${buttonTypeSchema.parse(option)}`)} />
            {type === 'text' && <TextField name={`buttons.${index}.buttonText`} label={t('buttonText')} />}
            {type === 'media' && (
              <MediaField
                site={site}
                label={t('buttonMedia')}
                url={imageUrl}
                video
                onStored={(stored) => setValue(`buttons.${index}.buttonImageUrl`, stored.url, { shouldDirty: true })}
                onClear={() => setValue(`buttons.${index}.buttonImageUrl`, '', { shouldDirty: true })}
              />
            )}
            {type === 'html' && <TextField name={`buttons.${index}.buttonContentHtml`} label={t('buttonHtml')} area />}
            <SelectField name={`buttons.${index}.buttonLinkType`} label={t('linkType')} options={linkTypeSchema.options} text={(option) => t(`linkType.${linkTypeSchema.parse(option)}`)} />
            {linkType === 'survey' ? (
              <SurveyField name={`buttons.${index}.linkedSurveyId`} label={t('linkedSurvey')} />
            ) : (
              <DestinationField name={`buttons.${index}.linkDestinationUrl`} kind={linkType} />
            )}
            <ColorField name={`buttons.${index}.buttonColor`} label={t('linkButtonColor')} />
            <ColorField name={`buttons.${index}.buttonTextColor`} label={t('linkTextColor')} />
            <NumberField name={`buttons.${index}.textSize`} label={t('textSize')} />
            <SelectField name={`buttons.${index}.buttonShape`} label={t('shape')} options={buttonShapeSchema.options} text={(option) => t(`pageShape.${buttonShapeSchema.parse(option)}`)} />
            <SelectField
              name={`buttons.${index}.buttonAnimation`}
              label={t('buttonAnimation')}
              options={buttonAnimationSchema.options}
              text={(option) => t(`animation.${buttonAnimationSchema.parse(option)}`)}
            />
            <TextField name={`buttons.${index}.microcopyText`} label={t('microcopy')} />
            <ColorField name={`buttons.${index}.microcopyTextColor`} label={t('microcopyColor')} />
            <SelectField name={`buttons.${index}.textAlign`} label={t('microcopyPlacement')} options={textAlignSchema.options} text={(option) => t(option === 'top' ? 'align.TOP' : 'align.BOTTOM')} />
            <CheckField name={`buttons.${index}.isFixedPosition`} label={t('fixedPosition')} />
            <NumberField name={`buttons.${index}.buttonPositionLeft`} label={t('left')} />
            <NumberField name={`buttons.${index}.buttonPositionTop`} label={t('top')} />
            <NumberField name={`buttons.${index}.buttonWidth`} label={t('width')} />
            <NumberField name={`buttons.${index}.buttonHeight`} label={t('height')} />
            <button type="button" className="secondary" onClick={() => buttons.remove(index)}>
              {t('remove')}
            </button>
          </div>
        );
      })}
    </fieldset>
  );
}
