import { describe, expect, it } from 'vitest';
import { callPath } from './contract.ts';

describe('callPath', () => {
  it('fills and encodes the path parameters under /api and keeps the given query values only', () => {
    expect(callPath('GET /site/:id/page/:pageId', { id: 'a b', pageId: 'p/1' }, { lang: 'en', empty: '', absent: undefined })).toBe('/api/site/a%20b/page/p%2F1?lang=en');
    expect(callPath('GET /user', {}, { q: '', page: '2', limit: '20' })).toBe('/api/user?page=2&limit=20');
    expect(callPath('POST /contact', {})).toBe('/api/contact');
  });

  it('refuses a call missing a path parameter rather than sending it to a wrong address', () => {
    expect(() => callPath('GET /site/:id', {})).toThrow(/missing path parameter id/);
  });
});
