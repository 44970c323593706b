import { z } from 'zod';
import { pageContentSchema } from '../page.ts';
import { POPUP_KINDS } from '../popup-cta.ts';
import { campaignSchema, companyInfoSchema, deliveredNotificationSchema, formFieldSchema, formTypeSchema, popupCtaItemSchema, siteScriptsSchema } from '../site.ts';
import { mediaMapSchema, resolvedPageSchema } from '../snapshot.ts';
import { surveyQuestionTypeSchema } from '../survey.ts';
import { idSchema } from '../validation.ts';
import { visitorEventBatchSchema } from '../visitor-event.ts';
import { contract, type Contract } from './contract.ts';
import { MEMBER, VISITOR } from './policy.ts';

// --- Parts of visitor bodies and queries ---

/**
 * The language a call names: a hint, never a reason to refuse. One the site does not offer
 * (or not a string at all) falls back to Accept-Language, then the site's default.
 */
const langHint = z.string().optional().catch(undefined);

/**
 * The forms' honeypot (`website`): an input people never see. Any value at all counts as
 * filled and gets the usual success answer, so its schema takes anything: it is opaque by design.
 */
const honeypot = z.unknown().optional();

/** A form's values by field key; what each must be is the site's form settings' to say (validateFormSubmission). */
const formData = z.record(z.string().max(120), z.unknown());

/** Where a visitor call names its site in the query (the spec's paths have none). */
const siteIdQuery = z.object({ site_id: z.string().optional(), lang: langHint });

// --- Answers ---

const messageSchema = z.object({ message: z.string() });
const memberSchema = z.object({ id: z.string(), email: z.string() });

/** A form's settings for the visitor screens: fields sorted by orderNum, `locked` when the plan has no forms. */
const formSettingSchema = z.object({ typeForm: formTypeSchema, locked: z.boolean(), fields: z.array(formFieldSchema) });

/** One popup as listed: the item with live applicant counts, and `active` when a page was named. */
export const popupViewSchema = popupCtaItemSchema.safeExtend({ kind: z.enum(POPUP_KINDS), remaining: z.number().int().nullable(), active: z.boolean().optional() });

const applicantCountSchema = z.object({ numberClicks: z.number().int(), remaining: z.number().int() });

const campaignAnswerSchema = z.object({ campaign: campaignSchema.nullable(), active: z.boolean(), sliderPosition: z.union([z.literal(1), z.literal(2), z.literal(3)]).nullable() });

/** A page's products, buttons or links as the live version has them. */
const pagePartSchema = z.union([
  z.object({ pageId: z.string(), products: pageContentSchema.shape.products, media: mediaMapSchema }),
  z.object({ pageId: z.string(), buttons: pageContentSchema.shape.buttons, media: mediaMapSchema }),
  z.object({ pageId: z.string(), links: pageContentSchema.shape.links, media: mediaMapSchema }),
]);

/** A survey question as visitors see it: the choices without the points behind them. */
const visitorQuestionSchema = z.object({
  id: z.string(),
  title: z.string(),
  type: surveyQuestionTypeSchema,
  options: z.array(z.object({ id: z.string(), value: z.string() })),
  isRequired: z.boolean(),
  orderNum: z.number().int(),
});
const surveySummarySchema = z.object({ id: z.string(), title: z.string(), description: z.string() });

const pageQuery = z.object({ lang: langHint });
const pagePath = '/end-user/site/:id/page/:pageId';

/**
 * What the published viewer calls on the site origin (docs/visitor-api.md): members, page
 * detail, the visitor screens' settings, forms, popups, campaign, notifications, surveys and
 * analytics. `VISITOR` calls answer anyone; `MEMBER` calls need the bearer token of a member of
 * that same site. Bodies are declared by what the viewer sends; what a value must be beyond its
 * type is checked by the handler, which answers in the visitor's language.
 */
export const visitorContracts = {
  register: contract({
    method: 'POST',
    path: '/end-user/site/:id/register',
    origin: 'site',
    summary: 'Register as a member: the membership form is checked and a completion link emailed',
    policy: VISITOR,
    body: z.object({ data: formData, lang: langHint, website: honeypot }),
    response: z.object({ message: z.string(), emailSent: z.boolean() }),
    status: 201,
  }),
  completeRegistration: contract({
    method: 'GET',
    path: '/end-user/site/:id/register/verify',
    origin: 'site',
    summary: 'The emailed link: completes a registration, then shows register-success (or register?error=link)',
    policy: VISITOR,
    query: z.object({ token: z.string().optional(), lang: langHint }),
    response: { kind: 'raw', contentType: 'text/plain', description: '302 to /sites/{id}/{lang}/register-success, or to …/register?error=link when the link is unknown, used or expired' },
  }),
  resendRegistration: contract({
    method: 'POST',
    path: '/end-user/site/:id/resend-register-email',
    origin: 'site',
    summary: 'Email a pending registration its link again; the same answer whether one is pending or not',
    policy: VISITOR,
    body: z.object({ email: z.string(), lang: langHint }),
    response: messageSchema,
  }),
  login: contract({
    method: 'POST',
    path: '/end-user/site/:id/login',
    origin: 'site',
    summary: 'Log a member in: a bearer token for this site only (30 days)',
    policy: VISITOR,
    body: z.object({ email: z.string(), password: z.string(), lang: langHint }),
    response: z.object({ token: z.string(), expiresAt: z.iso.datetime(), user: memberSchema }),
  }),
  logout: contract({
    method: 'POST',
    path: '/end-user/site/:id/logout',
    origin: 'site',
    summary: "End the bearer token's session, if it is one of this site's; 200 either way",
    policy: VISITOR,
    response: messageSchema,
  }),
  requestPasswordReset: contract({
    method: 'POST',
    path: '/end-user/site/:id/forgot-password',
    origin: 'site',
    summary: "Email a member of this site a link to set a new password (valid one hour); the same answer whether the email is a member's or not",
    policy: VISITOR,
    body: z.object({ email: z.string(), lang: langHint }),
    response: messageSchema,
    limited: true,
  }),
  resetPassword: contract({
    method: 'POST',
    path: '/end-user/site/:id/reset-password',
    origin: 'site',
    summary: "Set a member's new password with the emailed link's token, once; every session of the member ends",
    policy: VISITOR,
    body: z.object({ token: z.string(), password: z.string(), confirmPassword: z.string(), lang: langHint }),
    response: messageSchema,
  }),
  me: contract({ method: 'GET', path: '/end-user/site/:id/me', origin: 'site', summary: 'The member the bearer token opens', policy: MEMBER, response: z.object({ user: memberSchema }) }),

  publicPage: contract({
    method: 'GET',
    path: `${pagePath}/public`,
    origin: 'site',
    summary: "A page of the live version (a members-only page's content is null)",
    policy: VISITOR,
    query: pageQuery,
    response: resolvedPageSchema,
  }),
  privatePage: contract({
    method: 'GET',
    path: `${pagePath}/private`,
    origin: 'site',
    summary: 'A page of the live version with the content of a members-only page; its media as signed links',
    policy: MEMBER,
    query: pageQuery,
    response: resolvedPageSchema,
  }),
  publicPagePart: contract({
    method: 'GET',
    path: `${pagePath}/:part/public`,
    origin: 'site',
    summary: "A page's products, buttons or links (part: product, button, link)",
    policy: VISITOR,
    query: pageQuery,
    response: pagePartSchema,
  }),
  privatePagePart: contract({
    method: 'GET',
    path: `${pagePath}/:part/private`,
    origin: 'site',
    summary: "A members-only page's products, buttons or links (part: product, button, link)",
    policy: MEMBER,
    query: pageQuery,
    response: pagePartSchema,
  }),
  privateMedia: contract({
    method: 'GET',
    path: '/end-user/site/:id/private-media/:signature/:sha256/:file',
    origin: 'site',
    summary: "A members-only image or video, by the signed link the private page's answer holds",
    policy: VISITOR,
    response: { kind: 'raw', contentType: 'image/* or video/*', description: 'the file as stored; 401 once the signature has expired' },
  }),

  contactSetting: contract({ method: 'GET', path: '/end-user/site/:id/contact-setting', origin: 'site', summary: "The contact form's fields", policy: VISITOR, response: formSettingSchema }),
  membershipSetting: contract({
    method: 'GET',
    path: '/end-user/site/:id/membership-setting',
    origin: 'site',
    summary: "The membership form's fields (never locked)",
    policy: VISITOR,
    response: formSettingSchema,
  }),
  homepageSetting: contract({ method: 'GET', path: '/end-user/site/:id/homepage-setting', origin: 'site', summary: "The custom form's fields", policy: VISITOR, response: formSettingSchema }),
  company: contract({
    method: 'GET',
    path: '/end-user/site/:id/company',
    origin: 'site',
    summary: 'Company info in the visitor language',
    policy: VISITOR,
    query: pageQuery,
    response: companyInfoSchema,
  }),
  scripts: contract({
    method: 'GET',
    path: '/end-user/site/:id/scripts',
    origin: 'site',
    summary: 'The scripts the contact, membership and form screens run',
    policy: VISITOR,
    response: siteScriptsSchema,
  }),
  settingsMedia: contract({
    method: 'GET',
    path: '/end-user/site/:id/settings-media/:mediaId',
    origin: 'site',
    summary: 'An image or video the saved popups, campaign or notifications show',
    policy: VISITOR,
    response: { kind: 'raw', contentType: 'image/* or video/*', description: 'the upload as stored, only when the saved settings name it' },
  }),

  submitContact: contract({
    method: 'POST',
    path: '/contact',
    origin: 'site',
    summary: 'Send the contact form: stored, then the owner emailed',
    policy: VISITOR,
    body: z.object({ siteId: idSchema, data: formData, lang: z.string().max(5).optional(), website: honeypot }),
    response: messageSchema,
    status: 201,
  }),
  submitHomepage: contract({
    method: 'POST',
    path: '/homepage',
    origin: 'site',
    summary: 'Send the custom form: stored, then the owner emailed',
    policy: VISITOR,
    body: z.object({ siteId: idSchema, data: formData, lang: z.string().max(5).optional(), mode: z.string().max(20).optional(), website: honeypot }),
    response: messageSchema,
    status: 201,
  }),

  listPopups: contract({
    method: 'GET',
    path: '/end-user/site/:id/popup-cta',
    origin: 'site',
    summary: "The site's popup calls to action with live counts; `active` for a page when page_order is given",
    policy: VISITOR,
    query: z.object({ page_order: z.string().optional(), has_detail: z.string().optional() }),
    response: z.object({ popups: z.array(popupViewSchema) }),
  }),
  applyPopup: contract({
    method: 'POST',
    path: '/end-user/site/:id/popup-cta/:popupId/apply',
    origin: 'site',
    summary: 'Count one applicant of an applicant-limited popup, never past the limit',
    policy: VISITOR,
    query: pageQuery,
    response: applicantCountSchema,
  }),
  campaign: contract({
    method: 'GET',
    path: '/end-user/site/:id/campaign',
    origin: 'site',
    summary: 'The campaign side panels with live click counts',
    policy: VISITOR,
    response: campaignAnswerSchema,
  }),
  campaignClick: contract({
    method: 'GET',
    path: '/end-user/campaign/:itemId/click',
    origin: 'site',
    summary: 'Count a click on a campaign button or banner; answers the new count, a bare number',
    policy: VISITOR,
    query: siteIdQuery,
    response: z.number().int(),
  }),
  notifications: contract({
    method: 'GET',
    path: '/end-user/noti_delivery',
    origin: 'site',
    summary:
      "The published notifications inside their date window, in the visitor's language (the default language's text where it has none); nextChangeInMs: when to ask again (a start or an end ahead), null if never",
    policy: VISITOR,
    query: siteIdQuery,
    response: z.object({ notifications: z.array(deliveredNotificationSchema), nextChangeInMs: z.number().int().nonnegative().nullable() }),
  }),

  listSurveys: contract({
    method: 'GET',
    path: '/end-user/survey',
    origin: 'site',
    summary: "The site's active surveys",
    policy: VISITOR,
    query: siteIdQuery,
    response: z.object({ surveys: z.array(surveySummarySchema) }),
  }),
  surveyQuestions: contract({
    method: 'GET',
    path: '/survey/:id/questions',
    origin: 'site',
    summary: 'An active survey with its questions in order, without points',
    policy: VISITOR,
    response: surveySummarySchema.extend({ questions: z.array(visitorQuestionSchema) }),
  }),
  submitSurveyResponse: contract({
    method: 'POST',
    path: '/survey/:id/response',
    origin: 'site',
    summary: "Answer a survey: answers by question id (an option id, several, or text) and the visitor's email",
    policy: VISITOR,
    body: z.object({ answers: z.record(z.string(), z.union([z.string(), z.array(z.string())])), email: z.string(), lang: langHint, website: honeypot }),
    response: messageSchema,
    status: 201,
  }),

  sendEvents: contract({
    method: 'POST',
    path: '/end-user/events',
    origin: 'site',
    summary: 'A batch of analytics events (1 to 100), any content type (sendBeacon); answered once the events are stored (503 when they cannot be now)',
    mayBeBusy: true,
    policy: VISITOR,
    body: visitorEventBatchSchema,
    response: z.object({ accepted: z.number().int().nonnegative() }),
    status: 202,
  }),

  tlsAsk: contract({
    method: 'GET',
    path: '/tls/ask',
    origin: 'site',
    summary: "Caddy's on-demand TLS `ask`: 200 only for a custom domain a published site is live on, else 404, so no certificate is requested for any other name",
    policy: VISITOR,
    query: z.object({ domain: z.string().max(253) }),
    response: z.object({ domain: z.string() }),
  }),
} satisfies Record<string, Contract>;
