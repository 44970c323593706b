import { useFieldArray, useFormContext } from 'react-hook-form';
import { DEFAULT_ITEM_SIZE } from '../../../../../../model/constants.ts';
import { buttonAnimationSchema, buttonSchema, buttonShapeSchema, buttonTypeSchema, linkTypeSchema, textAlignSchema, type PageContent } from '../../../../../../model/page.ts';
import { useI18n } from '../../../i18n/i18n.tsx';
import { useEditorSite } from '../editor-context.tsx';
import { MediaField } from '../MediaField.tsx';
import { freeSpot } from '../../../../../../model/free-spot.ts';
import { DestinationField } from './DestinationField.tsx';
import { takenBoxes } from './taken-boxes.ts';
import { CheckField, ColorField, NumberField, SelectField, SurveyField, TextField } from './fields.tsx';

/** The page's CTA buttons (visitor spec §3): type and content, destination, look, animation, microcopy, place. */
export function ButtonsSection({ selected }: { selected: string | null }) {
  const { t } = useI18n();
  const { site } = useEditorSite();
  const { control, watch, setValue, getValues } = useFormContext<PageContent>();
  const buttons = useFieldArray({ control, name: 'buttons', keyName: 'key' });
  return (
    <fieldset>
      <legend>{t('buttons')}</legend>
      {buttons.fields.map((field, index) => {
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
      <button
        type="button"
        className="secondary"
        onClick={() =>
          buttons.append(
            buttonSchema.parse({
              id: crypto.randomUUID(),
              buttonText: 'CTA',
              // Beside what the page holds, never over the next-page arrow or another item.
              ...placeNew(freeSpot(takenBoxes(getValues()), DEFAULT_ITEM_SIZE)),
              buttonWidth: DEFAULT_ITEM_SIZE.width,
              buttonHeight: DEFAULT_ITEM_SIZE.height,
            }),
          )
        }
      >
        {t('addButton')}
      </button>
    </fieldset>
  );
}

/** A free spot as a button's position fields. */
function placeNew(spot: { left: number; top: number }) {
  return { buttonPositionLeft: spot.left, buttonPositionTop: spot.top };
}
