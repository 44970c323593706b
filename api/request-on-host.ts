import { request as httpRequest } from 'node:http';

export type HostReply = { status: number; headers: Record<string, string | string[] | undefined>; text: string };

/**
 * A request to a local server as a browser would send it to one of its origins
 * (`{handle}.localhost`, `preview.localhost`): Node's fetch can neither resolve those names nor
 * set a Host header, so the request goes to the server's own address with the origin's Host.
 * For tests and scripts that talk to a running server from outside its process.
 */
export function requestOnHost(server: string, host: string, path: string, init: { method?: string; body?: string; headers?: Record<string, string> } = {}): Promise<HostReply> {
  const address = new URL(server);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: address.hostname, port: address.port, path, method: init.method ?? 'GET', headers: { ...init.headers, host } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end(init.body);
  });
}
