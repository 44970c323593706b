import { describe, expect, it } from 'vitest';
import { visitorPasswordProblem } from './visitor-password.ts';

describe('visitorPasswordProblem (V §5)', () => {
  it.each(['Abcdef1@', `Zz9_${'x'.repeat(16)}`, 'Pass[word]1', 'a-B-3-c-D'])('accepts %s', (password) => {
    expect(visitorPasswordProblem(password)).toBeNull();
  });

  it.each([
    ['too short', 'Ab1@xyz'],
    ['too long', `Ab1@${'x'.repeat(17)}`],
    ['no lowercase', 'ABCDEF1@'],
    ['no uppercase', 'abcdef1@'],
    ['no digit', 'Abcdefg@'],
    ['a symbol outside the list only', 'Abcdef1!'],
    ['a space', 'Abc def1@'],
  ])('refuses a password with %s', (_, password) => {
    expect(visitorPasswordProblem(password)).toBe('passwordRule');
  });
});
