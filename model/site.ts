import { z } from 'zod';
import { analyticsSettingsSchema } from './analytics-settings.ts';
import { CONTAINER_MAX, DEFAULT_FLAG_HOTSPOT, DEFAULT_ITEM_SIZE, GRID_MAX, INPUT_LENGTHS, LIMIT_FIELD_MAX_LENGTH, NEWS_MAX, SEO_LIMITS, TEXT_MAX } from './constants.ts';
import { hasDefaultLabel } from './form-field-label.ts';
import { DEFAULT_LANGUAGE, languageSchema } from './language.ts';
import type { Language } from './language.ts';
import { buttonStyleFields, linkDestinationProblem, linkTypeSchema, pageSchema } from './page.ts';
import type { LinkType } from './page.ts';
import { isPositionCode } from './position.ts';
import { bodyTagsProblem, seoDescriptionProblem, seoTextProblem, seoWhitespaceProblem, type SeoProblem } from './seo-rules.ts';
import { snsSchema } from './sns.ts';
import { siteHandleSchema } from './site-handle.ts';
import { colorSchema, dateTimeSchema, domainSchema, emptyOr, idSchema, isDateOrder, mediaRefSchema, optionalText, optionalUrl, patchShape, requiredText } from './validation.ts';
import type { MessageKey } from './messages/keys.ts';
import { settingsLinkTargetIssues } from './link-targets.ts';
import { normalisePathPrefix } from './visitor-path.ts';

export { SNS_TYPES, snsSchema } from './sns.ts';
export type { Sns, SnsType } from './sns.ts';

/** Both readings of the spec (V §3, B §3): published/unpublished/draft/expired and DRAFT/PUBLISH/PRIVATE/DOMAIN_VERIFYING. */
export const siteStatusSchema = z.enum(['draft', 'published', 'unpublished', 'expired', 'private', 'domain_verifying']);

export const viewModeSchema = z.enum(['MOBILE', 'PC']);

const LONG_TEXT = INPUT_LENGTHS.long;
const SCRIPT_MAX = 65535;

function checkDestination(linkType: LinkType, destination: string, path: string, ctx: z.RefinementCtx): void {
  const problem = linkDestinationProblem(linkType, destination);
  if (problem !== null) ctx.addIssue({ code: 'custom', path: [path], message: problem, params: { max: SCRIPT_MAX } });
}

function checkDateOrder(value: { startDate: string | null; endDate: string | null }, ctx: z.RefinementCtx): void {
  if (!isDateOrder(value.startDate, value.endDate)) {
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'invalidDateRange' });
  }
}

function uniqueValues<T>(key: MessageKey) {
  return (items: readonly T[], ctx: z.RefinementCtx): void => {
    if (new Set(items).size !== items.length) ctx.addIssue({ code: 'custom', message: key });
  };
}

const optionalDate = dateTimeSchema.nullable().default(null);
const pageOrders = z.array(z.number().int().min(1)).default(() => []);
// Campaign items are placed in their panel (parentWidth × parentHeight), at most the largest container.
const position = z.number().min(0).max(CONTAINER_MAX);
const size = z.number().positive().max(CONTAINER_MAX);
const optionalSize = size.nullable().default(null);

// --- SEO, company, scripts ---

const seoField = (max: number, problem: (text: string) => SeoProblem | null) =>
  z
    .string()
    .max(max, 'textTooLong')
    .superRefine((text, ctx) => {
      const message = problem(text);
      if (message) ctx.addIssue({ code: 'custom', message });
    })
    .transform((text) => (text.trim() === '' ? '' : text))
    .default('');

/** B §5: the length caps and the character rules (model/seo-rules.ts). */
export const seoSchema = z.object({
  title: seoField(SEO_LIMITS.title, seoTextProblem),
  h1: seoField(SEO_LIMITS.h1, seoTextProblem),
  description: seoField(SEO_LIMITS.description, seoDescriptionProblem),
  head: seoField(SEO_LIMITS.head, seoWhitespaceProblem),
  body: seoField(SEO_LIMITS.body, bodyTagsProblem),
});

/** The four company-info tabs and where they are offered. */
export const companyInfoSchema = z.object({
  companyWebsite: optionalUrl,
  companyProfile: optionalText(LONG_TEXT),
  companyClause: optionalText(LONG_TEXT),
  termsOfService: optionalText(LONG_TEXT),
  privacyPolicy: optionalText(LONG_TEXT),
  showInForm: z.boolean().default(false),
  showInMemberShip: z.boolean().default(false),
  showInContact: z.boolean().default(false),
});

/** Scripts run on the contact, membership and form screens. */
export const siteScriptsSchema = z.object({
  contactScript: optionalText(SCRIPT_MAX),
  membershipScript: optionalText(SCRIPT_MAX),
  formScript: optionalText(SCRIPT_MAX),
});

// --- Forms ---

export const formTypeSchema = z.enum(['CONTACT_SETTING', 'MEMBERSHIP_SETTING', 'HOMEPAGE_SETTING']);

/** SELECT is a dropdown and SELECT_OPTIONS checkboxes in the editor. */
export const formInputTypeSchema = z.enum(['SELECT', 'TEXT_BOX', 'NUMBER', 'SELECT_OPTIONS']);

export const formFieldSchema = z
  .object({
    typeForm: formTypeSchema,
    typeInput: formInputTypeSchema.default('TEXT_BOX'),
    // Empty for a default field (email, password…): visitors then read its keyed label in the page's language.
    title: z.string().trim().max(TEXT_MAX, 'textTooLong').default(''),
    value: optionalText(INPUT_LENGTHS.url),
    isRequired: z.boolean().default(false),
    placeholder: optionalText(INPUT_LENGTHS.textarea),
    options: z.array(z.object({ value: requiredText(TEXT_MAX) })).default(() => []),
    orderNum: z.number().int().min(0).default(0),
  })
  .superRefine((field, ctx) => {
    if (field.title === '' && !hasDefaultLabel(field.value)) ctx.addIssue({ code: 'custom', path: ['title'], message: 'requiredFields' });
    if ((field.typeInput === 'SELECT' || field.typeInput === 'SELECT_OPTIONS') && field.options.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'addOption' });
    }
  });

/** The fields of one form; all of one kind. Visitors see them sorted by orderNum. */
export const formConfigurationSchema = z.array(formFieldSchema).superRefine((fields, ctx) => {
  if (new Set(fields.map((field) => field.typeForm)).size > 1) {
    ctx.addIssue({ code: 'custom', message: 'sameFormKind' });
  }
});

export type FormType = z.infer<typeof formTypeSchema>;
export type FormField = z.output<typeof formFieldSchema>;

/** A default field has no title of its own: its label is the keyed message in each visitor's language (model/form-field-label.ts). */
function defaultField(typeForm: FormType, value: string, orderNum: number): FormField {
  const field = formFieldSchema.parse({ typeForm, typeInput: 'TEXT_BOX', title: '', value, isRequired: true, orderNum });
  Object.freeze(field.options);
  return Object.freeze(field);
}

/** V §3, B §3: the fields each kind of form starts with. */
export const DEFAULT_FORM_FIELDS: Readonly<Record<FormType, readonly FormField[]>> = Object.freeze({
  CONTACT_SETTING: Object.freeze([defaultField('CONTACT_SETTING', 'email', 0), defaultField('CONTACT_SETTING', 'companyName', 1)]),
  MEMBERSHIP_SETTING: Object.freeze([defaultField('MEMBERSHIP_SETTING', 'email', 0), defaultField('MEMBERSHIP_SETTING', 'password', 1), defaultField('MEMBERSHIP_SETTING', 'confirmPassword', 2)]),
  HOMEPAGE_SETTING: Object.freeze([defaultField('HOMEPAGE_SETTING', 'email', 0), defaultField('HOMEPAGE_SETTING', 'companyName', 1)]),
});

/**
 * The three forms of a site (contact, membership, homepage form), each starting with the spec's
 * default fields. A form's fields are all of its own kind.
 */
const formOf = (kind: FormType) =>
  formConfigurationSchema
    .superRefine((fields, ctx) => {
      if (fields.some((field) => field.typeForm !== kind)) ctx.addIssue({ code: 'custom', message: 'sameFormKind' });
    })
    .default(() => DEFAULT_FORM_FIELDS[kind].map((field) => ({ ...field, options: [] })));

export const siteFormsSchema = z.object({
  CONTACT_SETTING: formOf('CONTACT_SETTING'),
  MEMBERSHIP_SETTING: formOf('MEMBERSHIP_SETTING'),
  HOMEPAGE_SETTING: formOf('HOMEPAGE_SETTING'),
});

// --- Popup calls to action ---

export const popupShapeSchema = z.enum(['SHARP_EDGE', 'SLIGHTLY_ROUNDED_EDGE', 'MODERATELY_ROUNDED_EDGE', 'PILL']);
export const popupTextAlignmentSchema = z.enum(['TOP', 'BOTTOM']);
export const popupMediaTypeSchema = z.enum(['IMAGE', 'VIDEO']);
export const popupInternalLinkTypeSchema = z.enum(['contact', 'form', 'membership']);

/** Transition types; the legacy LINK_TO_PAGE is read as CREATIVE_BLOCK. */
export const popupTransitionTypeSchema = z
  .enum(['INTERNAL_URL', 'EXTERNAL_URL', 'CREATIVE_BLOCK', 'SCRIPT', 'SURVEY', 'LINK_TO_PAGE'])
  .transform((type) => (type === 'LINK_TO_PAGE' ? 'CREATIVE_BLOCK' : type));

export const popupCtaStyleSchema = z.object({
  backgroundColor: colorSchema.default('#FFFFFF'),
  textColor: colorSchema.default('#000000'),
  textSize: z.number().int().min(6).max(200).default(14),
  width: size.default(DEFAULT_ITEM_SIZE.width),
  height: size.default(DEFAULT_ITEM_SIZE.height),
  shape: popupShapeSchema.default('PILL'),
  textAlignment: popupTextAlignmentSchema.default('BOTTOM'),
});

export const popupCtaMediaSchema = z.object({
  url: emptyOr(mediaRefSchema),
  type: popupMediaTypeSchema.default('IMAGE'),
  width: optionalSize,
  height: optionalSize,
});

export const popupCtaTransitionSchema = z.object({
  transitionType: popupTransitionTypeSchema.default('EXTERNAL_URL'),
  internalLinkType: popupInternalLinkTypeSchema.nullable().default(null),
  externalLinkUrl: optionalUrl,
  /** The page a CREATIVE_BLOCK transition opens: a position code such as 'B3' or a page order. */
  targetCreativeBlock: z
    .string()
    .refine((s) => s === '' || isPositionCode(s) || /^[1-9][0-9]{0,2}$/.test(s), {
      message: 'positionOrPage',
    })
    .default(''),
  script: optionalText(SCRIPT_MAX),
  linkedSurveyId: idSchema.nullable().default(null),
});

/** A time-limited or applicant-limited popup; `limit` and `numberClicks` matter for the applicant kind only. */
export const popupCtaItemSchema = z
  .object({
    id: idSchema,
    isInternalLink: z.boolean().default(false),
    linkUrl: z.string().default(''),
    linkButtonColor: colorSchema.default('#99D52A'),
    linkTextColor: colorSchema.default('#FFFFFF'),
    imageUrl: emptyOr(mediaRefSchema),
    startDate: optionalDate,
    endDate: optionalDate,
    // "Under 10 characters" (V §5) as a number: at most nine digits.
    limit: z
      .number()
      .int()
      .min(1)
      .max(10 ** LIMIT_FIELD_MAX_LENGTH - 1)
      .nullable()
      .default(null),
    showRemainingTime: z.boolean().default(false),
    /** Not described by the spec; kept as the category indices it appears to name. */
    effectiveSheets: z.array(z.number().int().min(0)).default(() => []),
    effectivePages: pageOrders,
    style: popupCtaStyleSchema.prefault({}),
    media: popupCtaMediaSchema.prefault({}),
    numberClicks: z.number().int().min(0).default(0),
    transition: popupCtaTransitionSchema.prefault({}),
  })
  .superRefine((item, ctx) => {
    checkDateOrder(item, ctx);
    checkDestination(item.isInternalLink ? 'internal' : 'external', item.linkUrl, 'linkUrl', ctx);
  });

export const popupCtasSchema = z.object({
  timeLimit: popupCtaItemSchema.optional(),
  applicantLimit: popupCtaItemSchema.optional(),
});

// --- Campaign ---

/** V §4: where the landing page sits among the campaign side panels. */
export const campaignPositionLpSchema = z.enum(['left', 'center', 'other']);
/** The side panel an item is placed in. */
export const campaignSideSchema = z.enum(['left', 'right']);

export const campaignBannerSchema = z
  .object({
    id: idSchema,
    mediaUrl: emptyOr(mediaRefSchema),
    width: size.default(DEFAULT_ITEM_SIZE.width),
    height: size.default(DEFAULT_ITEM_SIZE.height),
    zIndex: z.number().int().default(0),
    lockRatio: z.boolean().default(true),
    linkDestinationType: linkTypeSchema.default('external'),
    linkDestinationUrl: z.string().default(''),
    bannerX: position.default(0),
    bannerY: position.default(0),
    position: campaignSideSchema.default('left'),
    parentWidth: optionalSize,
    parentHeight: optionalSize,
    clickCount: z.number().int().min(0).default(0),
  })
  .superRefine((banner, ctx) => checkDestination(banner.linkDestinationType, banner.linkDestinationUrl, 'linkDestinationUrl', ctx));

export const campaignButtonSchema = z
  .object({
    id: idSchema,
    buttonType: z.enum(['TEXT', 'MEDIA', 'HTML']).default('TEXT'),
    ...buttonStyleFields,
    isVideo: z.boolean().default(false),
    thumbnailUrl: emptyOr(mediaRefSchema),
    lockAspectRatio: z.boolean().default(false),
    zIndex: z.number().int().default(0),
    buttonPositionX: position.default(0),
    buttonPositionY: position.default(0),
    position: campaignSideSchema.default('left'),
    clickCount: z.number().int().min(0).default(0),
  })
  .superRefine((button, ctx) => checkDestination(button.buttonLinkType, button.linkDestinationUrl, 'linkDestinationUrl', ctx));

/** A flag hotspot on a campaign panel. */
export const campaignLinkSchema = z
  .object({
    id: idSchema,
    // Optional: a link nested in its site's campaign belongs to that site already.
    siteId: idSchema.optional(),
    linkType: linkTypeSchema.default('external'),
    linkDestinationUrl: z.string().default(''),
    positionLeft: position.default(DEFAULT_FLAG_HOTSPOT.left),
    positionTop: position.default(DEFAULT_FLAG_HOTSPOT.top),
    width: size.default(DEFAULT_FLAG_HOTSPOT.width),
    height: size.default(DEFAULT_FLAG_HOTSPOT.height),
    parentWidth: optionalSize,
    parentHeight: optionalSize,
  })
  .superRefine((link, ctx) => checkDestination(link.linkType, link.linkDestinationUrl, 'linkDestinationUrl', ctx));

export const campaignSchema = z
  .object({
    name: optionalText(TEXT_MAX),
    backgroundImage: emptyOr(mediaRefSchema),
    backgroundColor: colorSchema.default('#FFFFFF'),
    /** Percent. */
    backgroundOpacity: z.number().min(0).max(100).default(100),
    startDate: optionalDate,
    endDate: optionalDate,
    effectivePages: pageOrders,
    isOnClickCount: z.boolean().default(false),
    positionLp: campaignPositionLpSchema.default('center'),
    links: z.array(campaignLinkSchema).default(() => []),
    banners: z.array(campaignBannerSchema).default(() => []),
    buttons: z.array(campaignButtonSchema).default(() => []),
  })
  .superRefine(checkDateOrder);

// --- Notifications and sharing ---

/** B §4 "News and notifications: published, unpublished, draft, expired": the three an owner sets; expired follows from the end date. */
const notificationStateSchema = z.enum(['PUBLISHED', 'UNPUBLISHED', 'DRAFT']);
/** B §3 "publication mode (instant or scheduled)". */
const publicationModeSchema = z.enum(['INSTANT', 'SCHEDULED']);

/**
 * A notification's texts in one of the site's other languages. The base title and content are the
 * site's default language (as page texts are); a blank text here is "not translated yet" and
 * falls back to the base, field by field.
 */
export const notificationTextSchema = z.object({ title: optionalText(TEXT_MAX), content: optionalText(NEWS_MAX) });

/** What a site's notification and a platform announcement share. */
export const notificationShape = {
  title: requiredText(TEXT_MAX),
  content: optionalText(NEWS_MAX),
  imageUrl: emptyOr(mediaRefSchema),
  newsUrl: optionalUrl,
  // Saved before these existed, a notification was on the air in its window: published, instant.
  status: notificationStateSchema.default('PUBLISHED'),
  publicationMode: publicationModeSchema.default('INSTANT'),
  startDate: optionalDate,
  endDate: optionalDate,
};

/** A site's notification: the shared fields, its base texts in the site's default language, and the other languages' texts. */
export const siteNotificationShape = {
  ...notificationShape,
  // Saved before per-language texts existed, a notification had only its base: the default language's.
  translations: z.partialRecord(languageSchema, notificationTextSchema).default({}),
};

export const notificationSchema = z.object({ id: idSchema, ...siteNotificationShape }).superRefine(checkDateOrder);

/** A notification as a visitor gets it: its texts already in the visitor's language, no other language's. */
export const deliveredNotificationSchema = z.object({ id: idSchema, ...notificationShape });

export const shareInfoSchema = z.object({
  isPrivate: z.boolean().default(false),
  emails: z.array(z.email({ error: 'invalidEmail' })).default(() => []),
});

// --- Site settings ---

export const creatorPlanItemSchema = z.object({
  settingFormContact: z.boolean().default(true),
  settingPopupCta: z.boolean().default(true),
});

const customPathPrefixSchema = z.string().transform((prefix, ctx) => {
  try {
    return normalisePathPrefix(prefix);
  } catch {
    ctx.addIssue({ code: 'custom', message: 'invalidPathPrefix' });
    return z.NEVER;
  }
});

const siteSettingsShape = {
  name: requiredText(TEXT_MAX),
  numberHorizontal: z.number().int().min(1).max(GRID_MAX).default(1),
  numberVertical: z.number().int().min(1).max(GRID_MAX).default(1),
  defaultLanguage: languageSchema.default(DEFAULT_LANGUAGE),
  languages: z
    .array(languageSchema)
    .min(1)
    .superRefine(uniqueValues<Language>('duplicateLanguage'))
    .default((): Language[] => [DEFAULT_LANGUAGE]),
  viewMode: viewModeSchema.default('MOBILE'),
  faviconSetting: mediaRefSchema.optional(),
  logoSetting: mediaRefSchema.optional(),
  sns: z.array(snsSchema).default(() => []),
  globalMenuTextColor: colorSchema.default('#FFFFFF'),
  globalMenuBackgroundColor: colorSchema.default('#000000'),
  speakerColor: colorSchema.default('#FFFFFF'),
  displayLanguageIcon: z.boolean().default(true),
  displayGlobalMenu: z.boolean().default(true),
  displayPageCount: z.boolean().default(true),
  displayAlbum: z.boolean().default(false),
  swipeRedirection: z.boolean().default(true),
  safeAreaColor: colorSchema.default('#000000'),
  isEcLink: z.boolean().default(false),
  autoAttachUrlParam: z.boolean().default(true),
  /** The first label of the site's own origin, `{handle}.{SITE_DOMAIN}`; every site has one (derived from its id until the owner picks one). */
  handle: siteHandleSchema.optional(),
  /** '' removes the domain: the site goes back to its shared address on the next publish. */
  customDomain: z.union([z.literal(''), domainSchema]).optional(),
  /** Normalised to '/segment' ('' for none). */
  customPathPrefix: customPathPrefixSchema.optional(),
  seo: seoSchema.prefault({}),
  company: companyInfoSchema.prefault({}),
  campaign: campaignSchema.optional(),
  popupCtas: popupCtasSchema.prefault({}),
  creatorPlanItem: creatorPlanItemSchema.prefault({}),
  forms: siteFormsSchema.prefault({}),
  scripts: siteScriptsSchema.prefault({}),
  notifications: z.array(notificationSchema).default(() => []),
  analytics: analyticsSettingsSchema.prefault({}),
};

function checkDefaultLanguage(settings: { defaultLanguage?: Language | undefined; languages?: readonly Language[] | undefined }, ctx: z.RefinementCtx): void {
  const { defaultLanguage, languages } = settings;
  if (defaultLanguage !== undefined && languages !== undefined && !languages.includes(defaultLanguage)) {
    ctx.addIssue({ code: 'custom', path: ['languages'], message: 'languagesIncludeDefault' });
  }
}

export const siteSettingsSchema = z.object(siteSettingsShape).superRefine(checkDefaultLanguage);

/**
 * A PUT of site settings: any subset of the fields, none defaulted. `seo`, `company` and
 * `scripts` are patches too, merged field by field into the stored ones; any other nested object
 * (campaign, forms…) given here replaces the stored one whole. The default-language check runs
 * only when both fields are sent; the caller checks the merged result.
 */
export const siteSettingsPatchSchema = z
  .object({
    ...patchShape(siteSettingsShape),
    seo: z.object(patchShape(seoSchema.shape)).optional(),
    company: z.object(patchShape(companyInfoSchema.shape)).optional(),
    scripts: z.object(patchShape(siteScriptsSchema.shape)).optional(),
  })
  .superRefine(checkDefaultLanguage)
  // A campaign or popup sent leads somewhere from every link (model/link-targets.ts); stored settings are read without this rule.
  .superRefine((patch, ctx) => {
    for (const issue of settingsLinkTargetIssues(patch)) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.key });
  });

/** A category: one column of the grid. */
export const creativeSchema = z.object({
  id: idSchema,
  /** 0-based column index. */
  order: z
    .number()
    .int()
    .min(0)
    .max(GRID_MAX - 1),
  name: optionalText(TEXT_MAX),
  pages: z
    .array(pageSchema)
    .superRefine((pages, ctx) => {
      uniqueValues<string>('duplicateId')(
        pages.map((page) => page.id),
        ctx,
      );
      uniqueValues<number>('duplicatePageOrder')(
        pages.map((page) => page.order),
        ctx,
      );
    })
    .default(() => []),
});

export type CompanyInfo = z.output<typeof companyInfoSchema>;
export type PopupCtaItem = z.output<typeof popupCtaItemSchema>;
export type PopupCtas = z.output<typeof popupCtasSchema>;
export type CampaignBanner = z.output<typeof campaignBannerSchema>;
export type CampaignButton = z.output<typeof campaignButtonSchema>;
export type CampaignLink = z.output<typeof campaignLinkSchema>;
export type Campaign = z.output<typeof campaignSchema>;
export type Notification = z.output<typeof notificationSchema>;
export type NotificationText = z.output<typeof notificationTextSchema>;
export type DeliveredNotification = z.output<typeof deliveredNotificationSchema>;
export type SiteSettings = z.output<typeof siteSettingsSchema>;
export type SiteSettingsPatch = z.output<typeof siteSettingsPatchSchema>;
