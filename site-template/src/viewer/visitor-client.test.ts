import { describe, expect, it } from 'vitest';
import { errorMessage } from './visitor-client.ts';

describe('error messages of V §8', () => {
  it('takes the answer message, a string or the first of an array, else the status text, else the request error', () => {
    expect(errorMessage({ message: 'Password: too short', code: 'validation' }, 'Bad Request', 'en')).toBe('Password: too short');
    expect(errorMessage({ message: ['first', 'second'] }, 'Bad Request', 'en')).toBe('first');
    expect(errorMessage(null, 'Bad Request', 'en')).toBe('Bad Request');
    expect(errorMessage({}, '', 'jp')).toBe('リクエストエラーが発生しました。もう一度お試しください。');
  });
});
