import type { PageContent } from '../../../model/page.ts';
import type { CompanyInfo, Sns, SnsType } from '../../../model/site.ts';

/** Spec §3: the order social links appear in. */
const SNS_ORDER: readonly SnsType[] = ['youtube', 'line', 'instagram', 'x', 'tiktok', 'facebook', 'phone_number', 'google_map'];

/** Where a social link goes: a phone number becomes a `tel:` link (digits and '+' only), the rest are URLs. */
export function snsHref(sns: Sns): string {
  return sns.snsType === 'phone_number' ? `tel:${sns.snsUrl.replace(/[^0-9+]/g, '')}` : sns.snsUrl;
}

/**
 * The social links a page shows: none unless the page turns them on; its own list in the order
 * its owner arranged it (the page editor orders it), or the site's when its list is empty, in the
 * spec's order of networks.
 */
export function pageSnsLinks(content: Pick<PageContent, 'snsConfig'>, siteSns: readonly Sns[]): Sns[] {
  const config = content.snsConfig;
  if (!config?.display) return [];
  if (config.sns.length > 0) return [...config.sns];
  return [...siteSns].sort((a, b) => SNS_ORDER.indexOf(a.snsType) - SNS_ORDER.indexOf(b.snsType));
}

/** The four company-info tabs (spec §1), each with the field it shows. */
export const COMPANY_TABS = [
  { key: 'companyProfile', field: 'companyProfile' },
  { key: 'commercialTransactions', field: 'companyClause' },
  { key: 'termsOfUse', field: 'termsOfService' },
  { key: 'privacyPolicy', field: 'privacyPolicy' },
] as const;

export type CompanyTab = (typeof COMPANY_TABS)[number];

/** The company tabs a page offers: none unless the page shows company info; only tabs with text (the profile also with a website). */
export function companyTabs(content: Pick<PageContent, 'showCompany'>, company: CompanyInfo): CompanyTab[] {
  if (!content.showCompany) return [];
  return COMPANY_TABS.filter((tab) => company[tab.field].trim() !== '' || (tab.field === 'companyProfile' && company.companyWebsite !== ''));
}

/**
 * Spec §4: the social and company footer of a page is hidden unless the page shows a CTA.
 * Rows of the bottom bar: social links, company tabs, and the free plan's powered-by line,
 * which every page carries.
 */
export function footerRows(input: { shownCtas: number; sns: number; companyTabs: number; poweredBy: boolean }): { sns: boolean; company: boolean; poweredBy: boolean } {
  return { sns: input.shownCtas > 0 && input.sns > 0, company: input.shownCtas > 0 && input.companyTabs > 0, poweredBy: input.poweredBy };
}
