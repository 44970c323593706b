import { describe, expect, it } from 'vitest';
import { companyInfoSchema, SNS_TYPES } from '../../../model/site.ts';
import type { Sns } from '../../../model/site.ts';
import { COMPANY_TABS, companyTabs, footerRows, pageSnsLinks, snsHref } from './footer-rules.ts';

const siteSns: Sns[] = [
  { snsType: 'google_map', snsUrl: 'https://maps.example/' },
  { snsType: 'youtube', snsUrl: 'https://youtube.example/' },
];

describe('social links', () => {
  it('covers the eight spec types and turns a phone number into a tel: link', () => {
    expect(SNS_TYPES).toHaveLength(8);
    expect(snsHref({ snsType: 'phone_number', snsUrl: '+81 3-1234-5678' })).toBe('tel:+81312345678');
    expect(snsHref({ snsType: 'line', snsUrl: 'https://line.example/x' })).toBe('https://line.example/x');
  });

  it("shows none unless the page turns them on; its own list in its owner's order, else the site's in the spec order", () => {
    expect(pageSnsLinks({ snsConfig: undefined }, siteSns)).toEqual([]);
    expect(pageSnsLinks({ snsConfig: { display: false, sns: [] } }, siteSns)).toEqual([]);
    expect(pageSnsLinks({ snsConfig: { display: true, sns: [] } }, siteSns).map((s) => s.snsType)).toEqual(['youtube', 'google_map']);
    const own: Sns[] = [
      { snsType: 'x', snsUrl: 'https://x.example/' },
      { snsType: 'line', snsUrl: 'https://line.example/' },
    ];
    expect(pageSnsLinks({ snsConfig: { display: true, sns: own } }, siteSns)).toEqual(own);
  });
});

describe('company tabs', () => {
  const full = companyInfoSchema.parse({ companyProfile: 'P', companyClause: 'C', termsOfService: 'T', privacyPolicy: 'PP' });

  it('offers the four tabs in order when the page shows company info', () => {
    expect(companyTabs({ showCompany: true }, full).map((tab) => tab.key)).toEqual(['companyProfile', 'commercialTransactions', 'termsOfUse', 'privacyPolicy']);
    expect(COMPANY_TABS).toHaveLength(4);
  });

  it('offers none on a page that does not show company info, and skips tabs without text', () => {
    expect(companyTabs({ showCompany: false }, full)).toEqual([]);
    const partial = companyInfoSchema.parse({ privacyPolicy: 'PP', termsOfService: '  ' });
    expect(companyTabs({ showCompany: true }, partial).map((tab) => tab.key)).toEqual(['privacyPolicy']);
  });
});

describe('footerRows', () => {
  it('hides social links and company tabs on a page without a CTA, but keeps the powered-by line', () => {
    expect(footerRows({ shownCtas: 0, sns: 2, companyTabs: 4, poweredBy: true })).toEqual({ sns: false, company: false, poweredBy: true });
  });

  it('shows the rows a page with a CTA has content for', () => {
    expect(footerRows({ shownCtas: 1, sns: 2, companyTabs: 4, poweredBy: true })).toEqual({ sns: true, company: true, poweredBy: true });
    expect(footerRows({ shownCtas: 1, sns: 0, companyTabs: 4, poweredBy: false })).toEqual({ sns: false, company: true, poweredBy: false });
  });
});
