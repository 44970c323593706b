import sharp from 'sharp';
import type { SiteView } from '../model/site-view.ts';
import { requestOnHost } from '../api/request-on-host.ts';
import type { RunningServer } from '../api/server.ts';

/**
 * The back-office API as a browser test drives it over HTTP, signed in as the operator. Like any
 * script it sends no Origin header, which the same-site check leaves to browsers.
 */
export async function signIn(server: RunningServer, email: string, password: string) {
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
