/**
 * Issue 27: every link target is chosen. A link whose kind leads somewhere (a URL, a screen, a
 * page, a script, a survey) but names no target is refused on save, its message beside the
 * empty field; "no link" (`none`) is the way to have none. The stored schemas stay lenient, so
 * pages and settings saved before this rule still read; these issues are checked on what an
 * owner sends (pageWriteSchema, siteSettingsPatchSchema) and by the console's forms.
 */
import type { MessageKey } from './messages/keys.ts';

// The shapes these rules read, written here rather than imported: page.ts and site.ts refine their
// input schemas with these rules, and importing their types back would close an import cycle.
type LinkType = 'none' | 'survey' | (string & {});
type Linked = { linkDestinationUrl: string };
type PageLinks = {
  buttons: readonly (Linked & { buttonLinkType: LinkType; linkedSurveyId: string | null })[];
  links: readonly (Linked & { linkType: LinkType; surveyId: string | null })[];
  products: readonly { linkButtonText: string; linkButtonUrl: string }[];
  detail: { linkButtonText: string; linkDestinationUrl: string };
};
type PopupCtaItem = {
  transition: {
    transitionType: 'INTERNAL_URL' | 'EXTERNAL_URL' | 'CREATIVE_BLOCK' | 'SCRIPT' | 'SURVEY';
    internalLinkType: string | null;
    externalLinkUrl: string;
    targetCreativeBlock: string;
    script: string;
    linkedSurveyId: string | null;
  };
};
type Campaign = {
  banners: readonly (Linked & { linkDestinationType: LinkType })[];
  buttons: readonly (Linked & { buttonLinkType: LinkType; linkedSurveyId: string | null })[];
  links: readonly (Linked & { linkType: LinkType })[];
};
type PopupCtas = { timeLimit?: PopupCtaItem | null | undefined; applicantLimit?: PopupCtaItem | null | undefined };

export type TargetIssue = { path: (string | number)[]; key: MessageKey };

/** The refusal for a link of `linkType` with this destination and survey, on the path it names; null when it has its target. */
function linkIssue(linkType: LinkType, destination: string, surveyId: string | null | undefined, paths: { destination: string; survey: string }): { field: string; key: MessageKey } | null {
  if (linkType === 'none') return null;
  if (linkType === 'survey') return surveyId ? null : { field: paths.survey, key: 'chooseSurvey' };
  return destination.trim() === '' ? { field: paths.destination, key: 'chooseDestination' } : null;
}

function at(base: (string | number)[], issue: { field: string; key: MessageKey } | null): TargetIssue[] {
  return issue ? [{ path: [...base, issue.field], key: issue.key }] : [];
}

/**
 * The page's links that lead nowhere: buttons and link areas of a kind other than "no link",
 * and the page's and products' link buttons that have a text (a link button without text is not
 * shown) but no destination.
 * @example pageLinkTargetIssues(pageContentSchema.parse({ buttons: [{ id: 'b1' }] })) // [{ path: ['buttons', 0, 'linkDestinationUrl'], key: 'chooseDestination' }]
 */
export function pageLinkTargetIssues(content: PageLinks): TargetIssue[] {
  const destination = { destination: 'linkDestinationUrl', survey: 'linkedSurveyId' };
  return [
    ...content.buttons.flatMap((button, index) => at(['buttons', index], linkIssue(button.buttonLinkType, button.linkDestinationUrl, button.linkedSurveyId, destination))),
    ...content.links.flatMap((link, index) => at(['links', index], linkIssue(link.linkType, link.linkDestinationUrl, link.surveyId, { destination: 'linkDestinationUrl', survey: 'surveyId' }))),
    ...content.products.flatMap((product, index) =>
      product.linkButtonText.trim() && !product.linkButtonUrl.trim() ? [{ path: ['products', index, 'linkButtonUrl'], key: 'chooseDestination' as const }] : [],
    ),
    ...(content.detail.linkButtonText.trim() && !content.detail.linkDestinationUrl.trim() ? [{ path: ['detail', 'linkDestinationUrl'], key: 'chooseDestination' as const }] : []),
  ];
}

/** Where a popup's click leads, by its transition type; the field a missing target is refused on. */
function popupIssue(item: PopupCtaItem): { field: string; key: MessageKey } | null {
  const { transition } = item;
  switch (transition.transitionType) {
    case 'INTERNAL_URL':
      return transition.internalLinkType ? null : { field: 'internalLinkType', key: 'chooseDestination' };
    case 'EXTERNAL_URL':
      return transition.externalLinkUrl.trim() ? null : { field: 'externalLinkUrl', key: 'chooseDestination' };
    case 'CREATIVE_BLOCK':
      return transition.targetCreativeBlock.trim() ? null : { field: 'targetCreativeBlock', key: 'chooseDestination' };
    case 'SCRIPT':
      return transition.script.trim() ? null : { field: 'script', key: 'chooseDestination' };
    case 'SURVEY':
      return transition.linkedSurveyId ? null : { field: 'linkedSurveyId', key: 'chooseSurvey' };
  }
}

/**
 * The campaign's and popups' links that lead nowhere, among the parts an owner sends: banners,
 * buttons and flag links of a kind other than "no link", and each popup's transition.
 */
export function settingsLinkTargetIssues(sent: { campaign?: Campaign | null | undefined; popupCtas?: PopupCtas | undefined }): TargetIssue[] {
  const campaign = sent.campaign;
  const destination = { destination: 'linkDestinationUrl', survey: 'linkedSurveyId' };
  const popups = (['timeLimit', 'applicantLimit'] as const).flatMap((kind) => {
    const item = sent.popupCtas?.[kind];
    return item ? at(['popupCtas', kind, 'transition'], popupIssue(item)) : [];
  });
  if (!campaign) return popups;
  return [
    ...campaign.banners.flatMap((banner, index) => at(['campaign', 'banners', index], linkIssue(banner.linkDestinationType, banner.linkDestinationUrl, 'none', destination))),
    ...campaign.buttons.flatMap((button, index) => at(['campaign', 'buttons', index], linkIssue(button.buttonLinkType, button.linkDestinationUrl, button.linkedSurveyId, destination))),
    ...campaign.links.flatMap((link, index) => at(['campaign', 'links', index], linkIssue(link.linkType, link.linkDestinationUrl, 'none', destination))),
    ...popups,
  ];
}
