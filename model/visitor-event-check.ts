import { ID_PATTERN } from './id.ts';
import { LANGUAGES } from './language.ts';
import { SNS_TYPES } from './sns-types.ts';
import { CELL_PATTERN, EVENT_TEXT_MAX, REFERRER_HOST_PATTERN, VISITOR_EVENT_BATCH_MAX, type VisitorEventBatch } from './visitor-event.ts';
import { DWELL_MAX_MS, EXIT_DIRECTIONS, MOVE_DIRECTIONS, TAP_COLUMNS, TAP_ROWS } from './visitor-event-kinds.ts';

/**
 * A quick yes to a beacon batch that `visitorEventBatchSchema` (visitor-event.ts) accepts as it is:
 * true only when the schema would accept the value and answer an equal one (so no unknown key,
 * which the schema would strip). False means "not sure", never "invalid": the caller then asks the
 * schema, whose answer and messages are the contract's. The events call's lean path uses it
 * (api/visitor/event-fast-path.ts), where zod was a tenth of the call's CPU; a test holds the two
 * to the same answers over a corpus of valid and broken batches (visitor-event-check.test.ts).
 */
export function isPlainEventBatch(value: unknown): value is VisitorEventBatch {
  if (!isRecord(value)) return false;
  let keys = 0;
  for (const key in value) {
    keys++;
    if (key !== 'siteId' && key !== 'lang' && key !== 'events') return false;
  }
  if (!isId(value.siteId)) return false;
  if (value.lang !== undefined && !oneOf(LANGUAGES, value.lang)) return false;
  const { events } = value;
  if (!Array.isArray(events) || events.length < 1 || events.length > VISITOR_EVENT_BATCH_MAX || keys !== (value.lang === undefined ? 2 : 3)) return false;
  for (const event of events) if (!isPlainEvent(event)) return false;
  return true;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isId = (value: unknown) => typeof value === 'string' && ID_PATTERN.test(value);
const isCell = (value: unknown) => typeof value === 'string' && CELL_PATTERN.test(value);
const isIntIn = (value: unknown, min: number, max: number) => typeof value === 'number' && Number.isSafeInteger(value) && value >= min && value <= max;
const oneOf = (values: readonly string[], value: unknown) => typeof value === 'string' && values.includes(value);
const isShortText = (value: unknown) => value === undefined || (typeof value === 'string' && value.length <= EVENT_TEXT_MAX);

/** The keys each type of event may have besides `type`, `at`, `pageId` and `cell`. */
const OWN_KEYS: Record<string, readonly string[]> = {
  landing: ['referrerHost', 'utmSource', 'utmMedium', 'utmCampaign'],
  slide_page: ['to', 'direction'],
  exit: ['direction'],
  dwell: ['ms'],
  click_cta_btn: ['targetId'],
  click_link_cta: ['targetId'],
  click_product_point: ['targetId'],
  click_product_item: ['targetId'],
  click_popup_cta: ['targetId'],
  click_campaign: ['targetId'],
  click_phone: ['targetId'],
  click_sns: ['snsType'],
  registration: [],
  form_submit: [],
  contact: [],
  tap: ['x', 'y'],
};

function isPlainEvent(event: unknown): boolean {
  if (!isRecord(event) || typeof event.type !== 'string') return false;
  if (!Object.hasOwn(OWN_KEYS, event.type)) return false;
  const own = OWN_KEYS[event.type]!;
  for (const key in event) if (key !== 'type' && key !== 'at' && key !== 'pageId' && key !== 'cell' && !own.includes(key)) return false;
  if (event.at !== undefined && !isIntIn(event.at, 0, Number.MAX_SAFE_INTEGER)) return false;
  if (event.pageId !== undefined && !isId(event.pageId)) return false;
  if (!isCell(event.cell)) return false;
  switch (event.type) {
    case 'landing':
      return (
        (event.referrerHost === undefined || (typeof event.referrerHost === 'string' && REFERRER_HOST_PATTERN.test(event.referrerHost))) &&
        isShortText(event.utmSource) &&
        isShortText(event.utmMedium) &&
        isShortText(event.utmCampaign)
      );
    case 'slide_page':
      return isCell(event.to) && oneOf(MOVE_DIRECTIONS, event.direction);
    case 'exit':
      return oneOf(EXIT_DIRECTIONS, event.direction);
    case 'dwell':
      return isIntIn(event.ms, 0, DWELL_MAX_MS);
    case 'click_sns':
      return oneOf(SNS_TYPES, event.snsType);
    case 'tap':
      return isIntIn(event.x, 0, TAP_COLUMNS - 1) && isIntIn(event.y, 0, TAP_ROWS - 1);
    case 'registration':
    case 'form_submit':
    case 'contact':
      return true;
    default:
      return event.targetId === undefined || isId(event.targetId);
  }
}
