import sharp from 'sharp';
import type { SiteView } from '../model/site-view.ts';
import { requestOnHost } from '../api/request-on-host.ts';
import type { RunningServer } from '../api/server.ts';

/**
 * The back-office API as a browser test drives it over HTTP, signed in as the operator. Like any
 * script it sends no Origin header, which the same-site check leaves to browsers.
 */
export async function signIn(server: Pick<RunningServer, 'adminUrl'>, email: string, password: string) {
  const login = await fetch(`${server.adminUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (login.status !== 200) throw new Error(`login answered ${login.status}: ${await login.text()}`);
  const cookie = login.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');

  async function call<T>(method: string, path: string, body?: unknown, expected = 200): Promise<T> {
    const isForm = body instanceof FormData;
    const response = await fetch(`${server.adminUrl}${path}`, {
      method,
      headers: { cookie, ...(body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}) },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
    if (response.status !== expected) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  }

  return {
    /** The session's Cookie header, for a request `call` does not make (a download, say). */
    cookie,
    call,
    createSite: (input: Record<string, unknown>) => call<SiteView>('POST', '/api/site', input, 201),
    updateSite: (id: string, settings: Record<string, unknown>, lang?: string) => call('PUT', `/api/site/${id}${lang ? `?lang=${lang}` : ''}`, settings),
    writePage: (id: string, pageId: string, content: unknown, lang = 'jp') => call('PUT', `/api/site/${id}/page/${pageId}?lang=${lang}`, content),
    async uploadImage(id: string, colour: string, name = 'image.jpg'): Promise<string> {
      const bytes = await sharp({ create: { width: 375, height: 739, channels: 3, background: colour } })
        .jpeg()
        .toBuffer();
      const form = new FormData();
      form.append('file', new File([new Uint8Array(bytes)], name, { type: 'image/jpeg' }));
      return (await call<{ url: string }>('POST', `/api/site/${id}/media`, form, 201)).url;
    },
    /** Uploads a page's background music (an audio file's bytes); answers its URL for `backgroundMusic`. */
    async uploadAudio(id: string, bytes: Uint8Array, name: string): Promise<string> {
      const form = new FormData();
      form.append('file', new File([new Uint8Array(bytes)], name));
      return (await call<{ url: string }>('POST', `/api/site/${id}/audio`, form, 201)).url;
    },
    /** Starts a publish and waits for its end; throws unless it succeeded. */
    async publish(id: string): Promise<void> {
      const { publishId } = await call<{ publishId: string }>('POST', `/api/site/${id}/publish`, undefined, 202);
      for (;;) {
        const status = await call<{ status: string; error: string | null }>('GET', `/api/site/${id}/publish/${publishId}`);
        if (status.status === 'done') return;
        if (status.status === 'failed') throw new Error(`publish failed: ${status.error}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
  };
}

/** Page ids of a site by position code, e.g. `pages.B2`. */
export function pageIds(site: SiteView): Record<string, string> {
  return Object.fromEntries(site.creatives.flatMap((creative) => creative.pages.map((page) => [page.position, page.id])));
}

/**
 * A visitor's address of a published site: its home, or a visitor screen (`survey`, `contact`…)
 * with its query. The one place browser tests build these, so a change of where sites are
 * served changes here only.
 */
export function visitorUrl(server: Pick<RunningServer, 'siteUrl'>, siteId: string, subPath = '', search = ''): string {
  return `${server.siteUrl}/sites/${siteId}/${subPath}${search}`;
}

/**
 * The status a visitor's browser ends on for a site's address: the shared host's entry, then the
 * site's own origin it redirects to. Node's fetch cannot resolve `{handle}.localhost`, so the
 * second request goes to the server's address with the site's Host, as a browser's would arrive.
 */
export async function visitorStatus(server: Pick<RunningServer, 'siteUrl'>, siteId: string, subPath = ''): Promise<number> {
  const entry = await fetch(visitorUrl(server, siteId, subPath), { redirect: 'manual' });
  const location = entry.headers.get('location');
  if (entry.status !== 301 || !location) return entry.status;
  const target = new URL(location, server.siteUrl);
  return (await requestOnHost(server.siteUrl, target.host, `${target.pathname}${target.search}`)).status;
}

/**
 * Posts one batch of analytics events to a published site's real event endpoint, on the site's
 * own origin as its viewer would, with the user agent that decides the device class. Without a
 * cookie each batch is a new visitor (the answer sets its `sessionId`); `cookie` (`sessionId=…`)
 * files it under a visitor already known.
 */
export async function sendVisitorEvents(server: Pick<RunningServer, 'siteUrl'>, siteId: string, events: readonly Record<string, unknown>[], userAgent: string, cookie?: string): Promise<void> {
  const entry = await fetch(visitorUrl(server, siteId), { redirect: 'manual' });
  const location = entry.headers.get('location');
  if (entry.status !== 301 || !location) throw new Error(`the site's address answered ${entry.status}, not its own origin`);
  const host = new URL(location, server.siteUrl).host;
  const body = JSON.stringify({ siteId, lang: 'jp', events });
  const reply = await requestOnHost(server.siteUrl, host, '/api/end-user/events', {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', 'user-agent': userAgent, ...(cookie ? { cookie } : {}) },
  });
  if (reply.status !== 202) throw new Error(`the event endpoint answered ${reply.status}: ${reply.text}`);
}

/** Waits for the server's rollup job (every 10 s) to have folded the events a report must show: `ready` is asked once a second, up to `timeoutMs`. */
export async function waitForRollup(ready: () => Promise<boolean>, timeoutMs = 40_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await ready())) {
    if (Date.now() > until) throw new Error(`the reports did not show the events within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}
