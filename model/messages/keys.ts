/**
 * Every message the product says, by key: what the viewer and the visitor API say (bundled with
 * the viewer), and what the back office says (API refusals, schema rules, the console's
 * messages). Each language file (`en.ts`, `jp.ts`, `cn.ts`, `kr.ts`) gives a text per key, checked
 * by `satisfies Record<…, string>`, so a missing translation fails `tsc`. Texts may hold `{name}`
 * placeholders, filled from the message's values. Never translate by matching English text: send
 * and keep the key.
 */

/** What visitors are told (V §8, B §5, B §8), by the viewer itself and by the visitor API. */
export const VISITOR_MESSAGE_KEYS = [
  'loginFailed',
  'registrationFailed',
  'userDoesNotExist',
  'tokenMissing',
  'tokenInvalid',
  'passwordMismatch',
  'passwordRule',
  'invalidEmail',
  'requiredFields',
  'invalidNumber',
  'invalidOption',
  'tooLong',
  'unknownField',
  'alreadyRegistered',
  'loginRequired',
  'sessionCookieConflict',
  'formLocked',
  'applicantsFull',
  'popupInactive',
  'tooManyRequests',
  'noInternet',
  'requestError',
  'notFound',
  'pathNotFound',
  'siteNotFound',
  'surveyNotFound',
  'invalidDateRange',
  'invalidId',
  'sent',
  'registrationEmailSent',
  'bodyTooLarge',
  'headersTooLarge',
  'malformedRequest',
  'bodyNotJson',
  'bodyNotObject',
  'linkExpired',
  'unknownQuestion',
  'answerWithText',
  'chooseOneOption',
  'unknownEventSite',
  'eventsNotStored',
] as const;

/** What the back office is told: identity, permissions, plans, site rules, uploads, imports. */
export const BACK_OFFICE_MESSAGE_KEYS = [
  // Identity and permissions
  'passwordTokenInvalid',
  'currentPasswordWrong',
  'tooManyAttempts',
  'pleaseLogIn',
  'forbidden',
  'viewOnly',
  'contractNotActive',
  'readOnlyTerminated',
  'passwordChangeRequired',
  'crossSite',
  'resetLinkSent',
  'passwordChanged',
  'loggedOut',
  'adminPasswordLength',
  'passwordNoSpaces',
  'adminPasswordCharacters',
  // Plans
  'planFeatureLocked',
  'planSiteLimit',
  'planSwipeLimit',
  'planCapExceeded',
  'languagesPlanLocked',
  // Generic field rules (zod issues without a message of ours)
  'textTooLong',
  'textTooShort',
  'numberTooLarge',
  'numberTooSmall',
  'tooManyItems',
  'tooFewItems',
  'wholeNumber',
  'invalidValue',
  'invalidFormat',
  // Site rules
  'invalidColour',
  'invalidUrl',
  'urlOrPath',
  'urlTooLong',
  'invalidMedia',
  'invalidDate',
  'dateFormat',
  'invalidDomain',
  'invalidHandle',
  'invalidPathPrefix',
  'customPathRule',
  'invalidPosition',
  'invalidPhone',
  'gridZero',
  'columnsWhole',
  'rowsWhole',
  'columnsMax',
  'rowsMax',
  'siteNameTooLong',
  'menuDuplicate',
  'duplicateId',
  'duplicateLanguage',
  'duplicatePageOrder',
  'languagesIncludeDefault',
  'sameFormKind',
  'addOption',
  'addQuestion',
  'positionOrPage',
  'chooseScreen',
  'enterPageNumber',
  'seoWhitespace',
  'seoCharacters',
  'seoBodyTags',
  'seoForbiddenCall',
  // Sites, pages, publishing
  'pageNotFound',
  'categoryNotFound',
  'publishNotFound',
  'versionNotFound',
  'versionMediaRemoved',
  'siteNotPublished',
  'exportRunning',
  'mediaNotFound',
  'unknownLanguage',
  'languageNotOffered',
  'gridThroughSettings',
  'resizeConfirm',
  'domainTaken',
  'notificationNotFound',
  'startDateRequired',
  'handleTaken',
  'siteDeleted',
  'siteUnpublished',
  // Uploads
  'sendFileField',
  'unsupportedFormat',
  'fileTooLarge',
  'storageQuotaExceeded',
  // Bulk upload of a ZIP
  'zipNotAZip',
  'zipNoImages',
  'zipBomb',
  'zipTooManyEntries',
  'zipNoPageLeft',
  'bulkUploadRunning',
  'bulkUploadNotFound',
  'bulkUploadNotFinished',
  'bulkUploadFailed',
  'bulkUploadCompleteFailed',
  // Users and imports
  'emailTaken',
  'unknownPlan',
  'cannotCreateType',
  'cannotPlaceBelow',
  'contractTransition',
  'csvOnly',
  'csvTooLarge',
  'csvRowsFailed',
  'csvHeader',
  'csvUnknownColumns',
  'csvRepeatsRow',
  'csvNoRows',
  'invalidCharacters',
  // The owner's data: members, contact and custom-form entries
  'memberNotFound',
  'entryNotFound',
  'csvColumnId',
  'csvColumnRegisteredAt',
  'csvColumnReceivedAt',
  'csvColumnLanguage',
  'csvColumnEmail',
  // Analytics reports
  'reportFutureDate',
  'reportOverYearAgo',
  'unknownTimeZone',
  'rankingNeedsPages',
] as const;

export type VisitorMessageKey = (typeof VISITOR_MESSAGE_KEYS)[number];
export type BackOfficeMessageKey = (typeof BACK_OFFICE_MESSAGE_KEYS)[number];
export type MessageKey = VisitorMessageKey | BackOfficeMessageKey;

/** Values filling a message's `{name}` placeholders. */
export type MessageValues = Readonly<Record<string, string | number>>;

const ALL_KEYS: ReadonlySet<string> = new Set([...VISITOR_MESSAGE_KEYS, ...BACK_OFFICE_MESSAGE_KEYS]);

/**
 * Whether a value is a message key (of either group), e.g. an error body's `key`.
 * @example isMessageKey('invalidColour') // true; isMessageKey('Invalid colour.') // false
 */
export function isMessageKey(value: unknown): value is MessageKey {
  return typeof value === 'string' && ALL_KEYS.has(value);
}
