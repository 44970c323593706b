import { z } from 'zod';
import { CONTAINER_MAX, INPUT_LENGTHS, LINK_AREA_FALLBACK_SIZE, DEFAULT_ITEM_SIZE, REFERENCE_VIEWPORT, TEXT_MAX } from './constants.ts';
import { snsSchema } from './sns.ts';
import { colorSchema, emptyOr, idSchema, mediaRefSchema, optionalText, urlSchema } from './validation.ts';
import { customPathSchema } from './visitor-path.ts';
import { INTERNAL_LINK_TYPES } from './internal-link.ts';
import type { MessageKey } from './messages/keys.ts';
import { pageLinkTargetIssues } from './link-targets.ts';

export { internalLinkSubPath } from './internal-link.ts';

/** Visitor spec §3: page button shapes; `sharp_edge` is the spec's "also sharp edge". */
export const buttonShapeSchema = z.enum(['pill', 'moderately_rounded', 'slightly_rounded', 'square', 'sharp_edge']);

export const buttonAnimationSchema = z.enum(['NONE', 'PULSE', 'GLOW', 'BOUNCE', 'SHIMMER', 'GLITCH', 'WOBBLE', 'BUBBLY', 'PULSE_OUT']);

/** Visitor spec §3: text, media, or html (the spec's "html/css"). */
export const buttonTypeSchema = z.enum(['text', 'media', 'html']);

/**
 * Where a button or link area leads. `internal`: a site screen named by an internal link type;
 * `page`: a page order number; `survey`: the survey id field; `script`: script text.
 */
export const linkTypeSchema = z.enum(['external', 'internal', 'page', 'survey', 'script', 'none']);

export const internalLinkTypeSchema = z.enum(INTERNAL_LINK_TYPES);

export const pageStatusSchema = z.enum(['draft', 'published']);

export const hoverArrowColorSchema = z.enum(['white', 'black']);

/** Whether microcopy sits above or below its button. */
export const textAlignSchema = z.enum(['top', 'bottom']);

export type ButtonShape = z.infer<typeof buttonShapeSchema>;
export type ButtonAnimation = z.infer<typeof buttonAnimationSchema>;
export type LinkType = z.infer<typeof linkTypeSchema>;

const SCRIPT_MAX = 65535;
const PAGE_ORDER = /^[1-9][0-9]{0,2}$/;

/**
 * Why a link destination does not suit its link type, or null when it does. An empty destination
 * is no mistake of form here (a stored page may hold one, and the viewer does nothing on it); a
 * page or settings as sent must name one (model/link-targets.ts).
 * @example linkDestinationProblem('page', 'B2') // 'enterPageNumber'
 */
export function linkDestinationProblem(linkType: LinkType, destination: string): MessageKey | null {
  if (destination === '') return null;
  switch (linkType) {
    case 'external':
      return urlSchema.safeParse(destination).success ? null : 'invalidUrl';
    case 'internal':
      return internalLinkTypeSchema.safeParse(destination).success ? null : 'chooseScreen';
    case 'page':
      return PAGE_ORDER.test(destination) ? null : 'enterPageNumber';
    case 'script':
    case 'survey':
    case 'none':
      return destination.length <= SCRIPT_MAX ? null : 'textTooLong';
  }
}

function checkDestination(linkType: LinkType, destination: string, path: string, ctx: z.RefinementCtx): void {
  const problem = linkDestinationProblem(linkType, destination);
  if (problem !== null) ctx.addIssue({ code: 'custom', path: [path], message: problem, params: { max: SCRIPT_MAX } });
}

function uniqueIds(items: readonly { id: string }[], ctx: z.RefinementCtx): void {
  const seen = new Set<string>();
  items.forEach((item, index) => {
    if (seen.has(item.id)) ctx.addIssue({ code: 'custom', path: [index, 'id'], message: 'duplicateId' });
    seen.add(item.id);
  });
}

// A page's items are placed on the reference viewport (V §9, B §9), as the editor's stage
// clamps them: a coordinate outside it is no place on the page.
const x = z.number().min(0).max(REFERENCE_VIEWPORT.width);
const y = z.number().min(0).max(REFERENCE_VIEWPORT.height);
const size = z.number().positive().max(CONTAINER_MAX);
const optionalX = x.nullable().default(null);
const optionalY = y.nullable().default(null);

/** Styling fields a page button shares with a campaign button. */
export const buttonStyleFields = {
  buttonText: optionalText(TEXT_MAX),
  buttonImageUrl: emptyOr(mediaRefSchema),
  buttonContentHtml: optionalText(SCRIPT_MAX),
  buttonLinkType: linkTypeSchema.default('external'),
  linkDestinationUrl: z.string().default(''),
  linkedSurveyId: idSchema.nullable().default(null),
  buttonWidth: size.default(DEFAULT_ITEM_SIZE.width),
  buttonHeight: size.default(DEFAULT_ITEM_SIZE.height),
  buttonColor: colorSchema.default('#99D52A'),
  // Dark on the default green: 8.5 : 1, where white was 1.76 : 1 and needed an outline (WCAG AA asks 4.5 : 1).
  buttonTextColor: colorSchema.default('#1B2B0B'),
  textSize: z.number().int().min(6).max(200).default(14),
  buttonShape: buttonShapeSchema.default('pill'),
  buttonAnimation: buttonAnimationSchema.default('NONE'),
  microcopyText: optionalText(TEXT_MAX),
  microcopyTextColor: colorSchema.default('#FFFFFF'),
  textAlign: textAlignSchema.default('bottom'),
};

export const buttonSchema = z
  .object({
    id: idSchema,
    buttonType: buttonTypeSchema.default('text'),
    ...buttonStyleFields,
    buttonPositionTop: y.default(0),
    buttonPositionLeft: x.default(0),
    isFixedPosition: z.boolean().default(false),
  })
  .superRefine((button, ctx) => checkDestination(button.buttonLinkType, button.linkDestinationUrl, 'linkDestinationUrl', ctx));

export const linkAreaSchema = z
  .object({
    id: idSchema,
    linkType: linkTypeSchema.default('external'),
    linkDestinationUrl: z.string().default(''),
    surveyId: idSchema.nullable().default(null),
    positionLeft: x.default(0),
    positionTop: y.default(0),
    width: size.default(LINK_AREA_FALLBACK_SIZE),
    height: size.default(LINK_AREA_FALLBACK_SIZE),
  })
  .superRefine((link, ctx) => checkDestination(link.linkType, link.linkDestinationUrl, 'linkDestinationUrl', ctx));

export const productSchema = z
  .object({
    id: idSchema,
    // Optional: a product nested in its page's content is owned by that page already.
    pageId: idSchema.optional(),
    productName: optionalText(TEXT_MAX),
    imagePath: emptyOr(mediaRefSchema),
    price: optionalText(TEXT_MAX),
    description: optionalText(INPUT_LENGTHS.long),
    linkButtonUrl: z.string().default(''),
    linkButtonText: optionalText(TEXT_MAX),
    linkButtonColor: colorSchema.default('#2BAA50'),
    linkTextColor: colorSchema.default('#FFFFFF'),
    coordinateX: x.default(65),
    coordinateY: y.default(260),
    textColor: colorSchema.default('#000000'),
    backgroundColor: colorSchema.default('#FFFFFF'),
    isInternalLink: z.boolean().default(false),
    order: z.number().int().min(0).default(0),
  })
  .superRefine((product, ctx) => checkDestination(product.isInternalLink ? 'internal' : 'external', product.linkButtonUrl, 'linkButtonUrl', ctx));

export const pageDetailSchema = z
  .object({
    imageUrl: emptyOr(mediaRefSchema),
    imageAlt: optionalText(INPUT_LENGTHS.textarea),
    hlsPath: emptyOr(mediaRefSchema),
    mainText: optionalText(INPUT_LENGTHS.long),
    mainTextColor: colorSchema.default('#FFFFFF'),
    // null: the viewer's default place.
    mainTextX: optionalX,
    mainTextY: optionalY,
    price: optionalText(TEXT_MAX),
    priceTextColor: colorSchema.default('#FFFFFF'),
    linkButtonText: optionalText(TEXT_MAX),
    linkDestinationUrl: z.string().default(''),
    linkButtonColor: colorSchema.default('#99D52A'),
    linkTextColor: colorSchema.default('#FFFFFF'),
    hoverArrowColor: hoverArrowColorSchema.default('white'),
    /** Seconds before the arrow cursor fades; 0 keeps it. */
    arrowFadeInterval: z.number().min(0).max(3600).default(0),
    isInternalLink: z.boolean().default(false),
    albumX: optionalX,
    albumY: optionalY,
    speakerX: optionalX,
    speakerY: optionalY,
  })
  .superRefine((detail, ctx) => checkDestination(detail.isInternalLink ? 'internal' : 'external', detail.linkDestinationUrl, 'linkDestinationUrl', ctx));

/** A page's own social links: shown when `display` is on; an empty list means the site's links. */
export const pageSnsConfigSchema = z.object({
  display: z.boolean().default(false),
  sns: z.array(snsSchema).default(() => []),
});

export const pageContentSchema = z.object({
  status: pageStatusSchema.default('published'),
  membersOnlyLock: z.boolean().default(false),
  customPath: customPathSchema.optional(),
  detail: pageDetailSchema.prefault({}),
  buttons: z
    .array(buttonSchema)
    .superRefine(uniqueIds)
    .default(() => []),
  links: z
    .array(linkAreaSchema)
    .superRefine(uniqueIds)
    .default(() => []),
  products: z
    .array(productSchema)
    .superRefine(uniqueIds)
    .default(() => []),
  backgroundMusic: mediaRefSchema.optional(),
  snsConfig: pageSnsConfigSchema.optional(),
  showCompany: z.boolean().default(false),
  chatbotScript: z.string().max(SCRIPT_MAX).optional(),
});

/** A page as an owner sends it: every link it has leads somewhere (model/link-targets.ts). */
export const pageContentInputSchema = pageContentSchema.superRefine((content, ctx) => {
  for (const issue of pageLinkTargetIssues(content)) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.key });
});

export const pageSchema = pageContentSchema.extend({
  id: idSchema,
  /** 1-based row of the page inside its category. */
  order: z.number().int().min(1).max(999),
  thumbnail: mediaRefSchema.optional(),
  imageUrl: mediaRefSchema.optional(),
});

export type Button = z.output<typeof buttonSchema>;
export type LinkArea = z.output<typeof linkAreaSchema>;
export type Product = z.output<typeof productSchema>;
export type PageDetail = z.output<typeof pageDetailSchema>;
export type PageContent = z.output<typeof pageContentSchema>;
export type PageContentInput = z.input<typeof pageContentSchema>;
