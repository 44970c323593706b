import { describe, expect, it } from 'vitest';
import type { core } from 'zod';
import { messageIssues } from './messages/issues.ts';
import { issueText } from './messages/text.ts';
import { SHAPE_RADII } from './constants.ts';
import {
  campaignBannerSchema,
  campaignButtonSchema,
  campaignLinkSchema,
  campaignSchema,
  companyInfoSchema,
  creativeSchema,
  DEFAULT_FORM_FIELDS,
  formConfigurationSchema,
  formFieldSchema,
  notificationSchema,
  popupCtaItemSchema,
  popupCtasSchema,
  popupShapeSchema,
  seoSchema,
  shareInfoSchema,
  siteSettingsPatchSchema,
  siteSettingsSchema,
  siteStatusSchema,
  snsSchema,
} from './site.ts';

const english = (issues: readonly core.$ZodIssue[]) => issueText(messageIssues(issues)[0]!, 'en');

describe('siteSettingsSchema', () => {
  it('fills every default from a name', () => {
    expect(siteSettingsSchema.parse({ name: 'Shop' })).toEqual({
      name: 'Shop',
      numberHorizontal: 1,
      numberVertical: 1,
      defaultLanguage: 'jp',
      languages: ['jp'],
      viewMode: 'MOBILE',
      sns: [],
      globalMenuTextColor: '#FFFFFF',
      globalMenuBackgroundColor: '#000000',
      speakerColor: '#FFFFFF',
      displayLanguageIcon: true,
      displayGlobalMenu: true,
      displayPageCount: true,
      displayAlbum: false,
      swipeRedirection: true,
      safeAreaColor: '#000000',
      isEcLink: false,
      autoAttachUrlParam: true,
      seo: { title: '', h1: '', description: '', head: '', body: '' },
      company: companyInfoSchema.parse({}),
      popupCtas: {},
      creatorPlanItem: { settingFormContact: true, settingPopupCta: true },
      forms: {
        CONTACT_SETTING: [...DEFAULT_FORM_FIELDS.CONTACT_SETTING],
        MEMBERSHIP_SETTING: [...DEFAULT_FORM_FIELDS.MEMBERSHIP_SETTING],
        HOMEPAGE_SETTING: [...DEFAULT_FORM_FIELDS.HOMEPAGE_SETTING],
      },
      scripts: { contactScript: '', membershipScript: '', formScript: '' },
      notifications: [],
      analytics: { cookieless: false, conversionEvents: ['contact', 'form_submit', 'registration'] },
    });
  });

  it('counts as conversions only events a visitor completes or clicks, each once, and cookies by default', () => {
    const analytics = (value: unknown) => siteSettingsSchema.safeParse({ name: 'Shop', analytics: value });
    expect(analytics({ conversionEvents: ['click_phone', 'contact', 'click_phone'] }).data?.analytics).toEqual({ cookieless: false, conversionEvents: ['click_phone', 'contact'] });
    expect(analytics({ cookieless: true, conversionEvents: [] }).data?.analytics).toEqual({ cookieless: true, conversionEvents: [] });
    expect(analytics({ conversionEvents: ['tap'] }).error?.issues.map((issue) => issue.path.join('.'))).toEqual(['analytics.conversionEvents.0']);
    expect(analytics({ conversionEvents: ['dwell'] }).success).toBe(false);
  });

  it('keeps each form to fields of its own kind', () => {
    const contactField = DEFAULT_FORM_FIELDS.CONTACT_SETTING[0]!;
    expect(siteSettingsSchema.safeParse({ name: 'Shop', forms: { MEMBERSHIP_SETTING: [contactField] } }).success).toBe(false);
    expect(siteSettingsSchema.safeParse({ name: 'Shop', forms: { CONTACT_SETTING: [contactField] } }).success).toBe(true);
  });

  it('requires a name of 1 to 50 characters', () => {
    expect(siteSettingsSchema.safeParse({}).success).toBe(false);
    expect(siteSettingsSchema.safeParse({ name: '  ' }).success).toBe(false);
    expect(siteSettingsSchema.safeParse({ name: 'a'.repeat(51) }).success).toBe(false);
    expect(siteSettingsSchema.safeParse({ name: 'a'.repeat(50) }).success).toBe(true);
  });

  it('requires the languages to include the default language', () => {
    const result = siteSettingsSchema.safeParse({ name: 'Shop', defaultLanguage: 'en' });
    expect(result.error?.issues[0]).toMatchObject({ path: ['languages'] });
    expect(english(result.error!.issues)).toBe('Languages must include the default language.');
    expect(siteSettingsSchema.safeParse({ name: 'Shop', defaultLanguage: 'en', languages: ['jp', 'en'] }).success).toBe(true);
  });

  it('refuses duplicate, unknown or no languages', () => {
    expect(siteSettingsSchema.safeParse({ name: 'Shop', languages: ['jp', 'jp'] }).success).toBe(false);
    expect(siteSettingsSchema.safeParse({ name: 'Shop', languages: ['jp', 'fr'] }).success).toBe(false);
    expect(siteSettingsSchema.safeParse({ name: 'Shop', languages: [] }).success).toBe(false);
  });

  it.each([0, 101, 1.5])('refuses %s rows or columns', (n) => {
    expect(siteSettingsSchema.safeParse({ name: 'Shop', numberHorizontal: n }).success).toBe(false);
    expect(siteSettingsSchema.safeParse({ name: 'Shop', numberVertical: n }).success).toBe(false);
  });

  it('normalises the custom path prefix and domain', () => {
    const settings = siteSettingsSchema.parse({ name: 'Shop', customPathPrefix: '/lp/', customDomain: 'LP.Example.com' });
    expect(settings.customPathPrefix).toBe('/lp');
    expect(settings.customDomain).toBe('lp.example.com');
    expect(siteSettingsSchema.safeParse({ name: 'Shop', customPathPrefix: 'l p' }).success).toBe(false);
  });

  it('refuses an invalid colour', () => {
    expect(siteSettingsSchema.safeParse({ name: 'Shop', speakerColor: 'blue' }).success).toBe(false);
  });
});

describe('siteSettingsPatchSchema', () => {
  it('keeps only the fields sent, with no defaults', () => {
    expect(siteSettingsPatchSchema.parse({})).toEqual({});
    expect(siteSettingsPatchSchema.parse({ displayAlbum: true })).toEqual({ displayAlbum: true });
  });

  it('still validates the fields sent', () => {
    expect(siteSettingsPatchSchema.safeParse({ name: '' }).success).toBe(false);
    expect(siteSettingsPatchSchema.safeParse({ numberVertical: 0 }).success).toBe(false);
  });

  it('checks the default language when both it and the languages are sent', () => {
    expect(siteSettingsPatchSchema.safeParse({ defaultLanguage: 'en', languages: ['jp'] }).success).toBe(false);
    expect(siteSettingsPatchSchema.safeParse({ defaultLanguage: 'en' }).success).toBe(true);
  });
});

describe('seoSchema', () => {
  it('caps title at 60, h1 at 70 and description at 160 characters', () => {
    expect(seoSchema.safeParse({ title: 'a'.repeat(60), h1: 'a'.repeat(70), description: 'a'.repeat(160) }).success).toBe(true);
    expect(seoSchema.safeParse({ title: 'a'.repeat(61) }).success).toBe(false);
    expect(seoSchema.safeParse({ h1: 'a'.repeat(71) }).success).toBe(false);
    expect(seoSchema.safeParse({ description: 'a'.repeat(161) }).success).toBe(false);
    expect(seoSchema.safeParse({ head: 'a'.repeat(65536) }).success).toBe(false);
  });
});

describe('siteStatusSchema', () => {
  it('covers both readings of the spec', () => {
    expect(siteStatusSchema.options).toEqual(['draft', 'published', 'unpublished', 'expired', 'private', 'domain_verifying']);
  });
});

describe('snsSchema', () => {
  it('wants a URL for social links and a number for a phone link', () => {
    expect(snsSchema.safeParse({ snsType: 'youtube', snsUrl: 'https://youtube.com/@x' }).success).toBe(true);
    expect(snsSchema.safeParse({ snsType: 'youtube', snsUrl: 'youtube' }).success).toBe(false);
    expect(snsSchema.safeParse({ snsType: 'phone_number', snsUrl: '+81 3-1234-5678' }).success).toBe(true);
    expect(snsSchema.safeParse({ snsType: 'phone_number', snsUrl: 'call me' }).success).toBe(false);
    expect(snsSchema.safeParse({ snsType: 'myspace', snsUrl: 'https://x.example' }).success).toBe(false);
  });
});

describe('campaign', () => {
  it('defaults to a white, fully opaque background', () => {
    expect(campaignSchema.parse({})).toEqual({
      name: '',
      backgroundImage: '',
      backgroundColor: '#FFFFFF',
      backgroundOpacity: 100,
      startDate: null,
      endDate: null,
      effectivePages: [],
      isOnClickCount: false,
      positionLp: 'center',
      links: [],
      banners: [],
      buttons: [],
    });
  });

  it('refuses an end before the start and an opacity over 100', () => {
    expect(campaignSchema.safeParse({ startDate: '2025-02-01T00:00:00Z', endDate: '2025-01-01T00:00:00Z' }).success).toBe(false);
    expect(campaignSchema.safeParse({ startDate: '2025-02-01T00:00:00Z' }).success).toBe(true);
    expect(campaignSchema.safeParse({ backgroundOpacity: 101 }).success).toBe(false);
  });

  it('places a new flag hotspot at 70, 150 with a 50 px square', () => {
    expect(campaignLinkSchema.parse({ id: 'f1' })).toMatchObject({ positionLeft: 70, positionTop: 150, width: 50, height: 50 });
  });

  it('gives banners and buttons a zero click count and a side', () => {
    expect(campaignBannerSchema.parse({ id: 'c1' })).toMatchObject({ clickCount: 0, position: 'left', lockRatio: true });
    expect(campaignButtonSchema.parse({ id: 'c2' })).toMatchObject({
      buttonType: 'TEXT',
      clickCount: 0,
      buttonWidth: 120,
      buttonHeight: 40,
      isVideo: false,
    });
    expect(campaignButtonSchema.safeParse({ id: 'c2', buttonType: 'text' }).success).toBe(false);
  });
});

describe('popup calls to action', () => {
  it('has none by default', () => {
    expect(popupCtasSchema.parse({})).toEqual({});
  });

  it('fills an item from its id', () => {
    expect(popupCtaItemSchema.parse({ id: 'cta1' })).toMatchObject({
      limit: null,
      numberClicks: 0,
      effectivePages: [],
      style: { shape: 'PILL', textAlignment: 'BOTTOM' },
      media: { type: 'IMAGE', url: '' },
      transition: { transitionType: 'EXTERNAL_URL', internalLinkType: null },
    });
  });

  it('reads the legacy LINK_TO_PAGE as CREATIVE_BLOCK', () => {
    const ctas = popupCtasSchema.parse({ timeLimit: { id: 't1', transition: { transitionType: 'LINK_TO_PAGE', targetCreativeBlock: 'B3' } } });
    expect(ctas.timeLimit?.transition.transitionType).toBe('CREATIVE_BLOCK');
  });

  it('limits the applicant count to under 10 characters', () => {
    expect(popupCtaItemSchema.safeParse({ id: 'a1', limit: 999_999_999 }).success).toBe(true);
    expect(popupCtaItemSchema.safeParse({ id: 'a1', limit: 1_000_000_000 }).success).toBe(false);
  });

  it('refuses an end before the start', () => {
    expect(popupCtaItemSchema.safeParse({ id: 't1', startDate: '2025-02-01T00:00:00Z', endDate: '2025-01-01T00:00:00Z' }).success).toBe(false);
  });

  it('has a corner radius for every popup shape', () => {
    for (const shape of popupShapeSchema.options) expect(typeof SHAPE_RADII[shape]).toBe('number');
  });
});

describe('forms', () => {
  it('starts a contact form with required email and company name text boxes, untitled so each language labels them', () => {
    expect(DEFAULT_FORM_FIELDS.CONTACT_SETTING.map((f) => [f.value, f.title, f.typeInput, f.isRequired])).toEqual([
      ['email', '', 'TEXT_BOX', true],
      ['companyName', '', 'TEXT_BOX', true],
    ]);
  });

  it('lets only a field with a label of its own go untitled', () => {
    expect(formFieldSchema.safeParse({ typeForm: 'CONTACT_SETTING', title: '', value: 'email' }).success).toBe(true);
    const custom = formFieldSchema.safeParse({ typeForm: 'CONTACT_SETTING', title: ' ', value: 'age' });
    expect(custom.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['title', 'requiredFields']]);
  });

  it('starts membership with email, password and confirmation, and the homepage form with email and company name', () => {
    expect(DEFAULT_FORM_FIELDS.MEMBERSHIP_SETTING.map((f) => f.value)).toEqual(['email', 'password', 'confirmPassword']);
    expect(DEFAULT_FORM_FIELDS.HOMEPAGE_SETTING.map((f) => f.value)).toEqual(['email', 'companyName']);
  });

  it('keeps the default fields valid and unchangeable', () => {
    for (const fields of Object.values(DEFAULT_FORM_FIELDS)) {
      expect(formConfigurationSchema.safeParse(fields).success).toBe(true);
      expect(Object.isFrozen(fields)).toBe(true);
      expect(Object.isFrozen(fields[0])).toBe(true);
    }
  });

  it('needs options for a dropdown or checkboxes', () => {
    expect(formFieldSchema.safeParse({ typeForm: 'CONTACT_SETTING', typeInput: 'SELECT', title: 'Topic' }).success).toBe(false);
    expect(formFieldSchema.safeParse({ typeForm: 'CONTACT_SETTING', typeInput: 'SELECT', title: 'Topic', options: [{ value: 'A' }] }).success).toBe(true);
  });

  it('refuses a form mixing kinds', () => {
    const fields = [DEFAULT_FORM_FIELDS.CONTACT_SETTING[0], DEFAULT_FORM_FIELDS.HOMEPAGE_SETTING[1]];
    expect(formConfigurationSchema.safeParse(fields).success).toBe(false);
  });
});

describe('creativeSchema', () => {
  it('holds a 0-based column with its pages', () => {
    const creative = creativeSchema.parse({ id: 'c1', order: 0, name: 'Spring', pages: [{ id: 'p1', order: 1 }] });
    expect(creative.pages[0]?.detail.linkButtonColor).toBe('#99D52A');
    expect(creativeSchema.parse({ id: 'c1', order: 0 })).toEqual({ id: 'c1', order: 0, name: '', pages: [] });
  });

  it('refuses two pages in the same row', () => {
    const pages = [
      { id: 'p1', order: 1 },
      { id: 'p2', order: 1 },
    ];
    expect(creativeSchema.safeParse({ id: 'c1', order: 0, pages }).success).toBe(false);
  });
});

describe('other site entities', () => {
  it('fills a notification and checks its content length', () => {
    expect(notificationSchema.parse({ id: 'n1', title: 'Hello' })).toMatchObject({ content: '', startDate: null, endDate: null });
    expect(notificationSchema.safeParse({ id: 'n1', title: 'Hello', content: 'a'.repeat(121) }).success).toBe(false);
  });

  it('keeps share info public with no invited emails by default', () => {
    expect(shareInfoSchema.parse({})).toEqual({ isPrivate: false, emails: [] });
    expect(shareInfoSchema.safeParse({ emails: ['not-an-email'] }).success).toBe(false);
  });
});
