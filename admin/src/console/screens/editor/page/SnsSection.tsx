import { useFieldArray, useFormContext } from 'react-hook-form';
import { SNS_TYPES, snsTypeSchema } from '../../../../../../model/sns.ts';
import type { PageContent } from '../../../../../../model/page.ts';
import { useI18n } from '../../../i18n/i18n.tsx';
import { CheckField, SelectField, TextField } from './fields.tsx';

/**
 * The page's own social links (visitor §3 `snsConfig`): whether the page shows social links, and
 * its own list in the order the visitor sees them; an empty list shows the site's links.
 */
export function SnsSection() {
  const { t } = useI18n();
  const { control } = useFormContext<PageContent>();
  const list = useFieldArray({ control, name: 'snsConfig.sns', keyName: 'key' });
  const last = list.fields.length - 1;
  return (
    <fieldset data-testid="page-sns">
      <legend>{t('pageSns')}</legend>
      <CheckField name="snsConfig.display" label={t('snsOnPage')} />
      {list.fields.length === 0 && <p className="hint">{t('pageSnsHint')}</p>}
      {list.fields.map((field, index) => (
        <div key={field.key} className="item-row" data-testid={`page-sns-${index}`}>
          <SelectField name={`snsConfig.sns.${index}.snsType`} label={t('snsType')} options={SNS_TYPES} text={(type) => t(`sns.${snsTypeSchema.parse(type)}`)} />
          <TextField name={`snsConfig.sns.${index}.snsUrl`} label={t('snsUrl')} />
          <button type="button" className="secondary" aria-label={`${t('moveUp')} ${index + 1}`} disabled={index === 0} onClick={() => list.move(index, index - 1)}>
            ↑
          </button>
          <button type="button" className="secondary" aria-label={`${t('moveDown')} ${index + 1}`} disabled={index === last} onClick={() => list.move(index, index + 1)}>
            ↓
          </button>
          <button type="button" className="secondary" onClick={() => list.remove(index)}>
            {t('remove')}
          </button>
        </div>
      ))}
      <button type="button" className="secondary" onClick={() => list.append({ snsType: 'instagram', snsUrl: '' })}>
        {t('addSns')}
      </button>
    </fieldset>
  );
}
