import { describe, expect, it, vi } from 'vitest';
import { en } from '../../../../model/messages/en.ts';
import { jp } from '../../../../model/messages/jp.ts';
import { kr } from '../../../../model/messages/kr.ts';
import { ApiError } from './client.ts';
import { placeRefusal, placeRefusalIssues } from './refusal.ts';

describe('placeRefusal', () => {
  it("puts a refusal whose issue names a form field beside it, in the console's language", async () => {
    const setError = vi.fn();
    const taken = new ApiError(400, { key: 'emailTaken', values: {}, issues: [{ path: ['email'], key: 'emailTaken', values: {} }] }, jp);
    expect(await placeRefusal(taken, ['email', 'planId'], setError, 'jp')).toBeNull();
    expect(setError).toHaveBeenCalledWith('email', { type: 'emailTaken', message: 'このメールアドレスはすでに登録されています。' });
  });

  it('answers the text to toast when no issue names one of the fields', async () => {
    const setError = vi.fn();
    const parent = new ApiError(
      400,
      { key: 'cannotPlaceBelow', values: { type: 'USER', parent: 'USER' }, issues: [{ path: ['parentId'], key: 'cannotPlaceBelow', values: { type: 'USER', parent: 'USER' } }] },
      en,
    );
    expect(await placeRefusal(parent, ['planId', 'email'], setError, 'en')).toBe('a USER account cannot be placed below a USER account.');
    const viewOnly = new ApiError(403, { key: 'viewOnly', values: {}, issues: [] }, kr);
    expect(await placeRefusal(viewOnly, ['email'], setError, 'kr')).toBe('보기 권한만 있어 변경할 수 없습니다.');
    expect(setError).not.toHaveBeenCalled();
  });

  it('says nothing more after no answer at all (the no-internet toast is shown already)', async () => {
    expect(await placeRefusal(new ApiError(0, { key: 'noInternet', values: {}, issues: [] }, en), ['email'], vi.fn(), 'en')).toBeNull();
  });

  it("words a refusal by the answer's own message when the language's texts are out of reach", () => {
    expect(new ApiError(0, { key: 'noInternet', message: 'offline' }, undefined).message).toBe('offline');
    expect(new ApiError(400, { key: 'emailTaken', message: 'email: taken' }, undefined).message).toBe('email: taken');
  });
});

describe('placeRefusalIssues', () => {
  it('puts each issue whose nested path names a field of the form beside it, focusing the first', async () => {
    const setError = vi.fn();
    const refusal = new ApiError(
      400,
      {
        key: 'customPathTaken',
        values: { position: 'A2' },
        issues: [
          { path: ['customPath'], key: 'customPathTaken', values: { position: 'A2' } },
          { path: ['buttons', 0, 'linkDestinationUrl'], key: 'invalidUrl', values: {} },
        ],
      },
      en,
    );
    const fields = new Set(['customPath', 'buttons.0.linkDestinationUrl']);
    expect(await placeRefusalIssues(refusal, (path) => fields.has(path), setError, 'en')).toBeNull();
    expect(setError).toHaveBeenNthCalledWith(1, 'customPath', { type: 'customPathTaken', message: 'Page A2 already uses this path. Choose another one.' }, true);
    expect(setError).toHaveBeenNthCalledWith(2, 'buttons.0.linkDestinationUrl', { type: 'invalidUrl', message: en.invalidUrl }, false);
  });

  it('answers the text to toast when no issue names a field of the form', async () => {
    const setError = vi.fn();
    const refusal = new ApiError(400, { key: 'invalidValue', values: {}, issues: [{ path: ['nowhere'], key: 'invalidValue', values: {} }] }, en);
    expect(await placeRefusalIssues(refusal, () => false, setError, 'en')).toBe(en.invalidValue);
    expect(setError).not.toHaveBeenCalled();
  });
});
