import { messageIssues } from '../../../../../model/messages/issues.ts';
import type { MessageIssue } from '../../../../../model/messages/issues.ts';
import type { Language } from '../../../../../model/language.ts';
import { notificationDateIssues, notificationInputSchema, type NotificationInput, type NotificationView } from '../../../../../model/notification-delivery.ts';
import type { NotificationText } from '../../../../../model/site.ts';

export type NotificationDraft = {
  /** The site's default language's texts; the other languages' are in `translations`. */
  title: string;
  content: string;
  translations: Partial<Record<Language, NotificationText>>;
  imageUrl: string;
  newsUrl: string;
  publicationMode: 'INSTANT' | 'SCHEDULED';
  status: 'PUBLISHED' | 'UNPUBLISHED' | 'DRAFT';
  startDate: string | null;
  endDate: string | null;
};

export const BLANK_NOTIFICATION: NotificationDraft = {
  title: '',
  content: '',
  translations: {},
  imageUrl: '',
  newsUrl: '',
  publicationMode: 'INSTANT',
  status: 'PUBLISHED',
  startDate: null,
  endDate: null,
};

export function notificationToDraft(notification: NotificationView): NotificationDraft {
  const { title, content, translations, imageUrl, newsUrl, publicationMode, status, startDate, endDate } = notification;
  // An instant one's start is the server's record of when it went out, not something to type.
  return { title, content, translations, imageUrl, newsUrl, publicationMode, status, startDate: publicationMode === 'SCHEDULED' ? startDate : null, endDate };
}

/**
 * Checks a form as the API will: the schema (lengths, URL, date order) and the B §5 rules
 * against the browser's clock, the same functions the server runs against its own.
 */
export function checkNotification(draft: NotificationDraft, now: Date): { ok: true; input: NotificationInput } | { ok: false; issues: MessageIssue[] } {
  const body = { ...draft, startDate: draft.publicationMode === 'SCHEDULED' ? draft.startDate : null };
  const parsed = notificationInputSchema.safeParse(body);
  if (!parsed.success) return { ok: false, issues: messageIssues(parsed.error.issues, body) };
  const issues = notificationDateIssues(parsed.data, now);
  if (issues.length > 0) return { ok: false, issues: issues.map((issue) => ({ path: [issue.path], key: issue.key, values: {} })) };
  return { ok: true, input: parsed.data };
}
