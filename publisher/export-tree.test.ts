import { describe, expect, it } from 'vitest';
import { exportBase } from './export-tree.ts';

const SITE = 'site-1';

describe('the folder an export puts the pages in', () => {
  it('is the folder the manifest says the pages were rendered for', () => {
    expect(exportBase({ siteId: SITE, address: { prefix: '', basePath: '/' } })).toBe('');
    expect(exportBase({ siteId: SITE, address: { prefix: '/lp', domain: 'shop.example.com', basePath: '/lp/' } })).toBe('lp/');
    expect(exportBase({ siteId: SITE, address: { prefix: '', basePath: `/sites/${SITE}/` } })).toBe(`sites/${SITE}/`);
  });

  it('follows the one way older versions were addressed when the manifest does not say', () => {
    expect(exportBase({ siteId: SITE, address: { prefix: '' } })).toBe(`sites/${SITE}/`);
    expect(exportBase({ siteId: SITE, address: { prefix: '/lp' } })).toBe(`lp/sites/${SITE}/`);
    expect(exportBase({ siteId: SITE, address: { prefix: '', domain: 'shop.example.com' } })).toBe('');
    expect(exportBase({ siteId: SITE, address: { prefix: '/lp', domain: 'shop.example.com' } })).toBe('lp/');
  });
});
