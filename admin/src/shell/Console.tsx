import { useEffect, useState, type FormEvent } from 'react';

type Site = { id: string; name: string; status: string; numberHorizontal: number; numberVertical: number; liveVersion: number | null };
type Progress = { step: string; done: number; total: number };

async function api<T>(path: string, init?: RequestInit): Promise<T> {
  const response = await fetch(`/api${path}`, { ...init, headers: { 'content-type': 'application/json', ...init?.headers } });
  const body = await response.json().catch(() => ({ message: response.statusText }));
  if (!response.ok) throw new Error(body.message ?? 'Request error. Please try again.');
  return body as T;
}

const STEP_NAMES: Record<string, string> = { images: 'Images', pages: 'Pages', upload: 'Writing' };

/** The console's shell until the full admin arrives: sign in, see the sites, publish with progress. */
export default function Console() {
  const [siteOrigin, setSiteOrigin] = useState('');
  const [signedIn, setSignedIn] = useState<boolean | null>(null);
  const [sites, setSites] = useState<Site[]>([]);
  const [error, setError] = useState('');
  const [progress, setProgress] = useState<Record<string, Progress | 'done'>>({});

  const refresh = () => api<{ sites: Site[] }>('/site').then((body) => { setSites(body.sites); setSignedIn(true); }).catch(() => setSignedIn(false));
  useEffect(() => {
    void refresh();
    void api<{ siteOrigin: string | null }>('/meta').then((meta) => setSiteOrigin(meta.siteOrigin ?? ''));
  }, []);

  const login = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    try {
      await api('/auth/login', { method: 'POST', body: JSON.stringify({ email: form.get('email'), password: form.get('password') }) });
      setError('');
      await refresh();
    } catch (failure) {
      setError((failure as Error).message);
    }
  };

  const publish = async (site: Site) => {
    const { events } = await api<{ events: string }>(`/site/${site.id}/publish`, { method: 'POST' });
    const source = new EventSource(events);
    source.addEventListener('progress', (message) => setProgress((all) => ({ ...all, [site.id]: JSON.parse(message.data) })));
    source.addEventListener('done', () => { source.close(); setProgress((all) => ({ ...all, [site.id]: 'done' })); void refresh(); });
    source.addEventListener('failed', (message) => { source.close(); setError(JSON.parse(message.data).message); });
  };

  if (signedIn === null) return <p>Loading…</p>;
  if (!signedIn) {
    return (
      <form className="card" onSubmit={login}>
        <h1>Sign in</h1>
        <label>Email<input name="email" type="email" autoComplete="username" required /></label>
        <label>Password<input name="password" type="password" autoComplete="current-password" required /></label>
        {error && <p role="alert" className="error">{error}</p>}
        <button type="submit">Sign in</button>
      </form>
    );
  }
  return (
    <section className="card">
      <h1>Sites</h1>
      {error && <p role="alert" className="error">{error}</p>}
      <table>
        <thead><tr><th>Name</th><th>Grid</th><th>Status</th><th>Live version</th><th /></tr></thead>
        <tbody>
          {sites.map((site) => {
            const state = progress[site.id];
            return (
              <tr key={site.id}>
                <td>{site.liveVersion ? <a href={`${siteOrigin}/sites/${site.id}/`} target="_blank" rel="noreferrer">{site.name}</a> : site.name}</td>
                <td>{site.numberHorizontal} × {site.numberVertical}</td>
                <td>{site.status}</td>
                <td>{site.liveVersion ?? '—'}</td>
                <td>
                  {state && state !== 'done'
                    ? <label>{STEP_NAMES[state.step]} {state.done}/{state.total}<progress max={state.total || 1} value={state.done} /></label>
                    : <button type="button" onClick={() => void publish(site)}>{state === 'done' ? 'Published ✓ Publish again' : 'Publish'}</button>}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
