import { describe, expect, it } from 'vitest';
import { pageContentSchema } from '../../../../../../model/page.ts';
import { isFormField } from './save-page.ts';

describe('isFormField', () => {
  const values = pageContentSchema.parse({ buttons: [{ id: 'b1' }], snsConfig: { display: true, sns: [{ snsType: 'x', snsUrl: 'https://x.example/' }] } });

  it('names a field of the page, of one of its buttons or social links', () => {
    expect(isFormField(values, 'customPath')).toBe(true);
    expect(isFormField(values, 'buttons.0.linkDestinationUrl')).toBe(true);
    expect(isFormField(values, 'snsConfig.sns.0.snsUrl')).toBe(true);
  });

  it('names no field of an item the form does not hold', () => {
    expect(isFormField(values, 'buttons.3.linkDestinationUrl')).toBe(false);
    expect(isFormField(values, 'links.0.surveyId')).toBe(false);
  });
});
