import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client.ts';
import { fieldProblem, placeRefusal } from './server-problem.ts';

describe('a server refusal naming a field', () => {
  it('gives the field and the message without its name', () => {
    expect(fieldProblem('planId: Please enter all required fields.', ['planId', 'email'])).toEqual({ field: 'planId', message: 'Please enter all required fields.' });
  });

  it('gives nothing for a field the form lacks or a message without one', () => {
    expect(fieldProblem('parentId: a USER account cannot be placed below a USER account.', ['planId', 'email'])).toBeNull();
    expect(fieldProblem('Your authority is view only; changes are not allowed.', ['planId'])).toBeNull();
  });
});

describe('placing a refusal', () => {
  it('sets the named field and leaves nothing to toast, or answers the message to toast', () => {
    const placed: [string, string][] = [];
    const setError = (field: string, error: { message: string }) => { placed.push([field, error.message]); };
    expect(placeRefusal(new ApiError(400, 'email: This email address is already registered.'), ['email'], setError)).toBeNull();
    expect(placed).toEqual([['email', 'This email address is already registered.']]);
    expect(placeRefusal(new ApiError(403, 'Your authority is view only; changes are not allowed.'), ['email'], setError)).toBe('Your authority is view only; changes are not allowed.');
    // No answer at all was already toasted by the client.
    expect(placeRefusal(new ApiError(0, 'Cannot connect to the server.'), ['email'], setError)).toBeNull();
  });
});
