/** Sent on window by a screen that marked notifications read, so the header's unread count follows at once. */
export const UNREAD_CHANGED = 'sg-unread-changed';
