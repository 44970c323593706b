import { describe, expect, it } from 'vitest';
import { errorIssues, errorMessage } from './visitor-client.ts';

describe('error messages of V §8', () => {
  it('takes the answer message, a string or the first of an array, else the status text, else the request error', () => {
    expect(errorMessage({ message: 'Password: too short', code: 'validation' }, 'Bad Request', 'en')).toBe('Password: too short');
    expect(errorMessage({ message: ['first', 'second'] }, 'Bad Request', 'en')).toBe('first');
    expect(errorMessage(null, 'Bad Request', 'en')).toBe('Bad Request');
    expect(errorMessage({}, '', 'jp')).toBe('リクエストエラーが発生しました。もう一度お試しください。');
  });

  it("shows a key the viewer knows in the page's language, and keeps the server's message when it names a field", () => {
    expect(errorMessage({ code: 'conflict', key: 'applicantsFull', values: {}, message: 'Sorry, the number of applicants has reached the limit.', issues: [] }, 'Bad Request', 'kr')).toBe(
      '죄송합니다. 신청자 수가 한도에 도달했습니다.',
    );
    expect(errorMessage({ key: 'textTooLong', values: { max: 5 }, message: '5文字以内で入力してください。', issues: [] }, '', 'jp')).toBe('5文字以内で入力してください。');
    const named = {
      key: 'requiredFields',
      values: {},
      message: 'Company name: Please enter all required fields.',
      issues: [
        { path: ['companyName'], key: 'requiredFields', values: {} },
        { path: ['x'], key: 'nope' },
      ],
    };
    expect(errorMessage(named, '', 'en')).toBe('Company name: Please enter all required fields.');
    expect(errorIssues(named)).toEqual([{ path: ['companyName'], key: 'requiredFields', values: {} }]);
  });
});
