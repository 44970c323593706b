import { useFieldArray, useFormContext } from 'react-hook-form';
import type { PageContent } from '../../../../../../model/page.ts';
import { useI18n } from '../../../i18n/i18n.tsx';
import { useEditorSite } from '../editor-context.tsx';
import { MediaField } from '../MediaField.tsx';
import { DestinationField } from './DestinationField.tsx';
import { selectedRows } from './selected-rows.ts';
import { CheckField, ColorField, NumberField, TextField } from './fields.tsx';

/** The selected product point's fields, which the inspector shows (visitor spec §3): image, texts, link button, colours, place, order. */
export function ProductsSection({ selected }: { selected: string | null }) {
  const { t } = useI18n();
  const { site } = useEditorSite();
  const { control, watch, setValue } = useFormContext<PageContent>();
  const products = useFieldArray({ control, name: 'products', keyName: 'key' });
  return (
    <fieldset>
      <legend>{t('products')}</legend>
      {selectedRows(products.fields, selected, 'product').map(({ field, index }) => (
        <div key={field.key} className={`item-row${selected === `product-${field.id}` ? ' item-selected' : ''}`} data-testid={`product-${index}`} data-item-fields={`product-${field.id}`}>
          <MediaField
            site={site}
            label={t('productImage')}
            url={watch(`products.${index}.imagePath`)}
            onStored={(stored) => setValue(`products.${index}.imagePath`, stored.url, { shouldDirty: true })}
            onClear={() => setValue(`products.${index}.imagePath`, '', { shouldDirty: true })}
          />
          <TextField name={`products.${index}.productName`} label={t('productName')} />
          <TextField name={`products.${index}.price`} label={t('price')} />
          <TextField name={`products.${index}.description`} label={t('description')} area />
          <TextField name={`products.${index}.linkButtonText`} label={t('linkButtonText')} />
          <CheckField name={`products.${index}.isInternalLink`} label={t('isInternalLink')} />
          <DestinationField name={`products.${index}.linkButtonUrl`} kind={watch(`products.${index}.isInternalLink`) ? 'internal' : 'external'} />
          <ColorField name={`products.${index}.linkButtonColor`} label={t('linkButtonColor')} />
          <ColorField name={`products.${index}.linkTextColor`} label={t('linkTextColor')} />
          <ColorField name={`products.${index}.textColor`} label={t('textColor')} />
          <ColorField name={`products.${index}.backgroundColor`} label={t('backgroundColor')} />
          <NumberField name={`products.${index}.coordinateX`} label={t('left')} />
          <NumberField name={`products.${index}.coordinateY`} label={t('top')} />
          <NumberField name={`products.${index}.order`} label={t('order')} />
          <button type="button" className="secondary" onClick={() => products.remove(index)}>
            {t('remove')}
          </button>
        </div>
      ))}
    </fieldset>
  );
}
