/**
 * Whether `now` lies inside an optional window, both ends included. A missing start means
 * "since always", a missing end "for ever": notifications and popup calls to action read
 * their dates this way (campaigns differ: see isCampaignActive).
 * @example isWithinWindow('2025-01-01T00:00:00Z', null, new Date('2025-06-01')) // true
 */
export function isWithinWindow(start: string | null | undefined, end: string | null | undefined, now: Date): boolean {
  const at = now.getTime();
  if (start && Date.parse(start) > at) return false;
  if (end && Date.parse(end) < at) return false;
  return true;
}
