/**
 * The popups already shown in this visit, so each opens once per visit (issue 27) and a reload
 * does not bring it back. A visit is the browser tab's session (sessionStorage): it lasts through
 * reloads and moves, and a new tab or a new browser session is a new visit (docs/decisions.md,
 * "One popup per visit"). Only ids, never sent anywhere, so it holds on cookieless sites too.
 * Where storage is refused (a private window's quota, a blocked storage), the page load's memory.
 */
const memory = new Set<string>();

const keyOf = (siteId: string) => `sg-popups-seen:${siteId}`;

function stored(siteId: string): string[] {
  try {
    const value: unknown = JSON.parse(window.sessionStorage.getItem(keyOf(siteId)) ?? '[]');
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/** The ids of this site's popups shown earlier in the visit. */
export function seenThisVisit(siteId: string): Set<string> {
  const seen = new Set(stored(siteId));
  for (const key of memory) if (key.startsWith(`${siteId}:`)) seen.add(key.slice(siteId.length + 1));
  return seen;
}

/** Notes popups as shown in this visit. */
export function markSeen(siteId: string, ids: readonly string[]): void {
  if (ids.length === 0) return;
  for (const id of ids) memory.add(`${siteId}:${id}`);
  try {
    window.sessionStorage.setItem(keyOf(siteId), JSON.stringify([...new Set([...stored(siteId), ...ids])]));
  } catch {
    // Kept in memory above: the popup still opens once for this page load.
  }
}
