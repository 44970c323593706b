// Business constants and limits. "V" is the visitor spec, "B" the back-office spec;
// the number after it is the section. Values the specs give in other units are kept
// in those units and the name says which.

export { DEFAULT_LANGUAGE, FALLBACK_LANGUAGE } from './language.ts';
export { DEFAULT_POSITION } from './position.ts';

// --- Viewer timing and gestures ---

/** V §9, V §4: notifications rotate every 3 s. */
export const NOTIFICATION_ROTATION_MS = 3000;
/** V §9: pixels a finger must travel before a move counts as a swipe. */
export const SWIPE_THRESHOLD = 50;
/** V §9, V §4: rapid swipes are throttled for 500 ms. */
export const SWIPE_THROTTLE_MS = 500;
/** V §9: swipe state resets after 1000 ms. */
export const SWIPE_RESET_MS = 1000;
/** V §9: vertical swipe resistance. */
export const VERTICAL_RESISTANCE = 0.7;
/** V §9: share of the viewport a long swipe covers. */
export const LONG_SWIPE_RATIO = 0.5;
/** V §9: touch angle in degrees that separates horizontal from vertical swipes. */
export const TOUCH_ANGLE = 20;
/** V §2: delay before the address is replaced with the current position. */
export const ADDRESS_REPLACE_DELAY_MS = 500;

// --- Fetching ---

/** V §7: published pages are fetched with skip 1 (the API's pages are 1-based). */
export const PAGE_FETCH_SKIP = 1;
/** V §9, V §7: published pages are fetched 1000 at a time. */
export const PAGE_FETCH_TAKE = 1000;
/** V §7, B §7: request timeout. */
export const REQUEST_TIMEOUT_MS = 60_000;
/** V §8, B §8: delay before a failed token refresh redirects to login. */
export const REFRESH_FAILURE_REDIRECT_MS = 1000;
/** V §8, B §8: delay before a 403 redirects to the forbidden page. */
export const FORBIDDEN_REDIRECT_MS = 2000;

// --- Layout ---

/** V §9: a viewport at most this wide (px) is mobile. */
export const MOBILE_MAX_WIDTH = 768;
/** V §9, B §9: size of the mobile preview frame (px). */
export const MOBILE_PREVIEW = { width: 389, height: 737 } as const;
/** V §9, B §9: viewport that item positions are designed against (px). */
export const REFERENCE_VIEWPORT = { width: 375, height: 739 } as const;
/**
 * The largest container a campaign item may name (parentWidth, parentHeight) and so the largest
 * item size and campaign coordinate (px): ours, the spec only caps items at their container.
 */
export const CONTAINER_MAX = 10_000;
/** V §9, B §9: minimum container height (px). */
export const MIN_CONTAINER_HEIGHT = 400;
/** V §9: footer heights (px), tallest first. */
export const FOOTER_HEIGHTS = [96, 68, 37] as const;
/** V §9: extra footer offset in PC view (px). */
export const PC_FOOTER_OFFSET = 75;
/** V §9: at most this many buttons get their images preloaded. */
export const MAX_PRELOADED_BUTTON_IMAGES = 3;

/**
 * V §9, V §3, B §3: corner radius (px) per shape; popup CTA names and page-button names.
 * `sharp_edge` is the page-button spelling of SHARP_EDGE the spec also mentions.
 */
export const SHAPE_RADII = {
  PILL: 100,
  MODERATELY_ROUNDED_EDGE: 6,
  SLIGHTLY_ROUNDED_EDGE: 3,
  SHARP_EDGE: 0,
  pill: 100,
  moderately_rounded: 6,
  slightly_rounded: 3,
  square: 0,
  sharp_edge: 0,
} as const;

/** V §9, B §9: size of a newly placed button or item (px). */
export const DEFAULT_ITEM_SIZE = { width: 120, height: 40 } as const;
/** V §9, B §9: size and place of a new campaign flag hotspot (px). */
export const DEFAULT_FLAG_HOTSPOT = { width: 50, height: 50, left: 70, top: 150 } as const;
/** V §9: width and height (px) of a link area that has none. */
export const LINK_AREA_FALLBACK_SIZE = 50;
/** V §9, B §9: microcopy is capped at 3 lines. */
export const MICROCOPY_MAX_LINES = 3;
/** V §9: button text is clamped to 1 to 3 lines depending on the button height. */
export const BUTTON_TEXT_LINE_CLAMP = { min: 1, max: 3 } as const;

/** V §9: album cell width (px) in PC view. */
export const ALBUM_CELL_WIDTH_PC = 350;
/** V §9: album cell aspect ratio (width / height) in PC view. */
export const ALBUM_CELL_ASPECT_RATIO_PC = 16 / 9;
/** V §9: album cell width (px) outside PC view. */
export const ALBUM_CELL_WIDTH = 150;

/** V §9: product popup width (px): 353 to 358 on mobile, 800 on PC. */
export const PRODUCT_POPUP_WIDTH = { min: 353, max: 358, pc: 800 } as const;
/** V §9: the product palette has five colours (the colours themselves are not given). */
export const PRODUCT_PALETTE_SIZE = 5;

/** V §9, B §9: popup header height (px). */
export const POPUP_HEADER_HEIGHT = 72;
/** V §9, B §9: popup image ratio. */
export const POPUP_IMAGE_RATIO = 1.2;

/** V §4: campaign slider position per `positionLp`. */
export const CAMPAIGN_SLIDER_POSITION = { left: 1, center: 2, other: 3 } as const;

/**
 * V §9, B §9: columns of a grid of square cells of `size` px in `width` px, at least 1.
 * @example gridColumns(395, 100) // 3
 */
export function gridColumns(width: number, size: number): number {
  if (!Number.isFinite(width)) throw new RangeError(`Width must be a finite number, got ${width}.`);
  if (!Number.isFinite(size) || size <= 0) throw new RangeError(`Cell size must be a positive number, got ${size}.`);
  return Math.max(1, Math.floor((width - 20) / (size * 1.25)));
}

// --- Cookies and storage ---

/** V §9: lifetime of the sessionId and variationId cookies (10 years). */
export const COOKIE_LIFETIME_DAYS = 3650;
/** V §9, B §9: max-age of the lang cookie (30 days). */
export const LANG_COOKIE_MAX_AGE_S = 2_592_000;
/** V §7, V §9, B §9: cookie names. */
export const COOKIE_NAMES = {
  positionTab: 'position_tab',
  lang: 'lang',
  sessionId: 'sessionId',
  variationId: 'variationId',
  experimentId: 'experimentId',
  pageId: 'pageId',
  buttonId: 'buttonId',
  linkId: 'linkId',
  ctaId: 'ctaId',
  type: 'type',
  position: 'position',
  popupId: 'popupId',
} as const;
/** V §9, B §9: local storage keys. */
export const LOCAL_STORAGE_KEYS = {
  userAccess: 'user_access',
  userInfo: 'userInfo',
  endUserToken: 'endUserToken',
  previewToken: 'previewToken',
  userLang: 'user_lang',
  selectedLanguage: 'selectedLanguage',
} as const;
/** V §9, B §9: default country. */
export const DEFAULT_COUNTRY = 'JP';

// --- UI timing ---

/** V §9, B §9: toasts close after 3000 ms. */
export const TOAST_MS = 3000;
/** V §9, B §9: one toast at a time. */
export const TOAST_MAX_VISIBLE = 1;
/** V §9, B §9: resize handlers are debounced by 200 ms. */
export const RESIZE_DEBOUNCE_MS = 200;
/** V §9, B §9: idle callback timeout. */
export const IDLE_TIMEOUT_MS = 2000;
/** V §9, B §9: HLS video buffer length (s). */
export const HLS_BUFFER_S = 4;
/** V §9, B §9: a countdown shows minutes below this many minutes. */
export const COUNTDOWN_MINUTES_BELOW = 60;
/** V §9, B §4: a countdown shows hours below this many hours, days otherwise. */
export const COUNTDOWN_HOURS_BELOW = 72;

// --- Media and files ---

/** V §7, B §9: widths (px) of responsive image variants. */
export const RESPONSIVE_WIDTHS = [50, 100, 200, 400, 600, 800, 1200, 1920] as const;
/** V §9, B §5: maximum upload size (30 MB); the spec names two limits of this size. */
export const MAX_UPLOAD_BYTES = 31_457_280;
/** V §9, B §5: maximum video size (30 MB). */
export const MAX_VIDEO_BYTES = 31_457_280;
/**
 * The most pixels an uploaded image may decode to. The spec names no image limit; a 1 MB PNG can
 * declare 16383 × 16383 (268 megapixels, over a gigabyte decoded), so one is set: 50 megapixels
 * takes a 48-megapixel phone photo (8064 × 6048) whole (docs/decisions.md).
 */
export const MAX_IMAGE_PIXELS = 50_000_000;
/**
 * The longest video any plan may take, in seconds (the spec names no duration limit; ours, like
 * each plan's own `maxVideoSeconds`: docs/decisions.md, "A video's length is capped"). It also
 * bounds a packaging's timeout, whatever a file uploaded before the cap claims.
 */
export const MAX_VIDEO_SECONDS = 1800;
/** A plan's video length limit when its operator set none. */
export const DEFAULT_VIDEO_SECONDS = 600;
/** Background music: the spec names no audio limit; it gets the video's 30 MB (docs/decisions.md). */
export const MAX_AUDIO_BYTES = 31_457_280;
/** V §9, B §5: maximum CSV import size. */
export const MAX_CSV_BYTES = 5 * 1024 * 1024;
/** Rows a user CSV import takes at most (docs/decisions.md, "A user import's row cap"): past it the file is refused unread. */
export const MAX_IMPORT_ROWS = 10_000;
/** Failing rows a refused import lists; the others are counted (`moreFailures`). */
export const MAX_IMPORT_FAILURES_SHOWN = 100;
/** V §9, B §5: maximum creative ZIP size. */
export const MAX_ZIP_BYTES = 1024 ** 3;
/** B §5, B §9: maximum profile picture size ("about 2MB"). */
export const MAX_PROFILE_PICTURE_BYTES = 2 * 1024 * 1024;
/** V §7, B §5: accepted image extensions (heic and heif in one reading of the spec). */
export const IMAGE_EXTENSIONS = ['png', 'jpeg', 'jpg', 'jfif', 'heic', 'heif'] as const;
/** V §7, B §5: accepted video extensions. */
export const VIDEO_EXTENSIONS = ['mp4', 'mpeg', 'mov'] as const;
/** B §9: recommended logo size (px). */
export const LOGO_RECOMMENDED_SIZE = { width: 250, height: 150 } as const;
/** B §9: favicon size (px). */
export const FAVICON_SIZE = { width: 256, height: 256 } as const;
/** B §9: profile logo size (px). */
export const PROFILE_LOGO_SIZE = { width: 250, height: 250 } as const;

// --- Input lengths ---

/**
 * V §9, B §5: input length classes. 65355 is written as the spec gives it; the SEO
 * tag limits (65535) are in SEO_LIMITS.
 */
export const INPUT_LENGTHS = {
  short: 20,
  text: 50,
  title: 60,
  heading: 70,
  textarea: 120,
  description: 160,
  url: 256,
  long: 65355,
} as const;
/** B §9: generic text maximum. */
export const TEXT_MAX = 50;
/** B §5, B §9: news and notification content maximum. */
export const NEWS_MAX = 120;
/** V §5, B §9: maximum URL length. */
export const URL_MAX = 256;
/** B §5, B §9: SEO field maxima. */
export const SEO_LIMITS = { title: 60, h1: 70, description: 160, head: 65535, body: 65535 } as const;
/** V §5, B §5: the popup limit field takes under 10 characters. */
export const LIMIT_FIELD_MAX_LENGTH = 9;
/** V §5, B §5, B §9: password lengths; visitors 8 to 20, admin 8 to 50. */
export const PASSWORD_LENGTH = { visitor: { min: 8, max: 20 }, admin: { min: 8, max: 50 } } as const;
/** V §5, B §5: the special characters a password must use one of. */
export const PASSWORD_SPECIALS = '@#$%^&*()_+|{}<>:;[]-=,.?';
/** Not in the spec: longest custom page path, chosen as the title length class. */
export const CUSTOM_PATH_MAX_LENGTH = 60;
/** B §5 (rows and columns cannot be 0); the upper bound is ours, the plan caps rows × columns. */
export const GRID_MAX = 100;

// --- Business ---

/** B §9: a custom domain is verified within 72 hours. */
export const DOMAIN_VERIFICATION_MAX_HOURS = 72;
/** B §1, B §9: minimum contract length. */
export const CONTRACT_MIN_MONTHS = 12;
/** B §1, B §9: initial fee in yen, excluding tax. */
export const INITIAL_FEE_YEN = 100_000;
/** B §9: ranking analysis needs at least 10 pages. */
export const RANKING_MIN_PAGES = 10;
/** B §9: MRR is shown in units of ten thousand yen. */
export const MRR_UNIT_YEN = 10_000;
/** B §9: ARR is shown in units of a hundred million yen. */
export const ARR_UNIT_YEN = 100_000_000;
/** B §5: report dates may go back at most one year. */
export const REPORT_MAX_AGE_DAYS = 365;
