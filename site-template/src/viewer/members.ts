/**
 * The visitor's membership on this browser. Every site on the shared host shares one origin and
 * so one localStorage: `endUserToken` holds a map of site id → bearer token, so a 401 on one site
 * clears only that site's token (docs/decisions.md). No imports: the swipe viewer loads this at once.
 */
const TOKENS_KEY = 'endUserToken';
const RETURN_KEY = 'endUserReturnTo';

function readMap(key: string): Record<string, string> {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(key) ?? '{}');
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, string>) : {};
  } catch {
    return {};
  }
}

function writeEntry(key: string, siteId: string, value: string | null): void {
  const map = readMap(key);
  if (value === null) delete map[siteId];
  else map[siteId] = value;
  try {
    if (Object.keys(map).length === 0) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(map));
  } catch {
    // Storage full or disabled (a private window): the visitor stays logged out.
  }
}

/** This site's end-user token, if the visitor logged in here. */
export function endUserToken(siteId: string): string | null {
  const token = readMap(TOKENS_KEY)[siteId];
  return typeof token === 'string' && token !== '' ? token : null;
}

export function storeEndUserToken(siteId: string, token: string): void {
  writeEntry(TOKENS_KEY, siteId, token);
}

/** V §8: an end-user 401 clears the token (of this site only). */
export function clearEndUserToken(siteId: string): void {
  writeEntry(TOKENS_KEY, siteId, null);
}

/** Remembers the page a visitor left for the register or login screen, to bring them back after login. */
export function rememberReturnPath(siteId: string, path: string): void {
  writeEntry(RETURN_KEY, siteId, path);
}

/** The remembered page (same origin paths only), forgotten once read. */
export function takeReturnPath(siteId: string): string | null {
  const path = readMap(RETURN_KEY)[siteId];
  writeEntry(RETURN_KEY, siteId, null);
  return typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') ? path : null;
}
