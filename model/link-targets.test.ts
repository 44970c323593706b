import { describe, expect, it } from 'vitest';
import { pageLinkTargetIssues, settingsLinkTargetIssues } from './link-targets.ts';
import { pageContentSchema } from './page.ts';
import { popupCtaItemSchema, siteSettingsPatchSchema } from './site.ts';
import { pageWriteSchema } from './site-view.ts';

const page = (input: Parameters<typeof pageContentSchema.parse>[0]) => pageContentSchema.parse(input);

describe('pageLinkTargetIssues', () => {
  it('refuses a button, a link area, a product and the page link button that lead nowhere, each on its empty field', () => {
    const content = page({
      buttons: [{ id: 'b1' }, { id: 'b2', buttonLinkType: 'survey' }],
      links: [{ id: 'l1', linkType: 'page' }],
      products: [{ id: 'p1', linkButtonText: 'Buy' }],
      detail: { linkButtonText: 'More', isInternalLink: true },
    });
    expect(pageLinkTargetIssues(content)).toEqual([
      { path: ['buttons', 0, 'linkDestinationUrl'], key: 'chooseDestination' },
      { path: ['buttons', 1, 'linkedSurveyId'], key: 'chooseSurvey' },
      { path: ['links', 0, 'linkDestinationUrl'], key: 'chooseDestination' },
      { path: ['products', 0, 'linkButtonUrl'], key: 'chooseDestination' },
      { path: ['detail', 'linkDestinationUrl'], key: 'chooseDestination' },
    ]);
  });

  it('accepts "no link", a chosen target, and a link button without text (not shown)', () => {
    const content = page({
      buttons: [
        { id: 'b1', buttonLinkType: 'none' },
        { id: 'b2', buttonLinkType: 'internal', linkDestinationUrl: 'contact' },
        { id: 'b3', buttonLinkType: 'survey', linkedSurveyId: 's1' },
      ],
      links: [{ id: 'l1', linkType: 'page', linkDestinationUrl: '2' }],
      products: [{ id: 'p1' }],
    });
    expect(pageLinkTargetIssues(content)).toEqual([]);
  });

  it('is applied to a page as sent, not to one as stored', () => {
    const sent = { buttons: [{ id: 'b1', buttonLinkType: 'external', linkDestinationUrl: '' }] };
    expect(pageContentSchema.safeParse(sent).success).toBe(true);
    const refused = pageWriteSchema.safeParse(sent);
    expect(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['buttons.0.linkDestinationUrl', 'chooseDestination']]);
  });
});

describe('settingsLinkTargetIssues', () => {
  it('refuses each popup transition without its target, on the transition field its type uses', () => {
    const item = (transition: Record<string, unknown>) => popupCtaItemSchema.parse({ id: 'p', transition });
    expect(settingsLinkTargetIssues({ popupCtas: { timeLimit: item({ transitionType: 'EXTERNAL_URL' }), applicantLimit: item({ transitionType: 'INTERNAL_URL' }) } })).toEqual([
      { path: ['popupCtas', 'timeLimit', 'transition', 'externalLinkUrl'], key: 'chooseDestination' },
      { path: ['popupCtas', 'applicantLimit', 'transition', 'internalLinkType'], key: 'chooseDestination' },
    ]);
    expect(settingsLinkTargetIssues({ popupCtas: { timeLimit: item({ transitionType: 'CREATIVE_BLOCK', targetCreativeBlock: 'B2' }) } })).toEqual([]);
    expect(settingsLinkTargetIssues({ popupCtas: { timeLimit: item({ transitionType: 'SURVEY' }) } })).toEqual([
      { path: ['popupCtas', 'timeLimit', 'transition', 'linkedSurveyId'], key: 'chooseSurvey' },
    ]);
  });

  it('refuses a campaign banner, button or flag link that leads nowhere, and takes "no link"', () => {
    const patch = siteSettingsPatchSchema.safeParse({
      campaign: {
        banners: [{ id: 'a' }, { id: 'b', linkDestinationType: 'none' }],
        buttons: [{ id: 'c', buttonLinkType: 'external', linkDestinationUrl: 'https://example.com' }],
        links: [{ id: 'd', linkType: 'internal' }],
      },
    });
    expect(patch.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['campaign.banners.0.linkDestinationUrl', 'chooseDestination'],
      ['campaign.links.0.linkDestinationUrl', 'chooseDestination'],
    ]);
  });

  it('judges only what is sent: a patch of the name passes whatever the stored campaign holds', () => {
    expect(siteSettingsPatchSchema.safeParse({ name: 'Shop' }).success).toBe(true);
  });
});
