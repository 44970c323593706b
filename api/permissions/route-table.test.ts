import { describe, expect, it } from 'vitest';
import { matchRoute } from './route-table.ts';

describe('matching a request to its row', () => {
  it('decodes each segment apart, so an encoded slash stays in its parameter, as the router reads it', () => {
    expect(matchRoute('GET', '/site/%2F')).toMatchObject({ key: 'GET /site/:id', params: { id: '/' } });
    expect(matchRoute('GET', '/master/user/a%2Fuser-history')).toMatchObject({ key: 'GET /master/user/:id', params: { id: 'a/user-history' } });
    expect(matchRoute('GET', '/site/%E3%81%82')).toMatchObject({ params: { id: 'あ' } });
  });

  it('matches nothing for a malformed encoding', () => {
    expect(matchRoute('GET', '/site/%E0%A4%A')).toBeNull();
  });
});
