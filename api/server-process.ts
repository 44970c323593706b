import type { ChildProcess } from 'node:child_process';

export type ServerAddresses = { adminUrl: string; siteUrl: string };

/**
 * The admin and shared site addresses a server started in a child process prints. Its output is
 * read to the end, not only until they appear: a stream left unread is closed, and the server's
 * next line (the first operator's login) then dies on EPIPE, taking the server with it.
 */
export function serverAddresses(child: ChildProcess): Promise<ServerAddresses> {
  const stdout = child.stdout;
  if (!stdout) return Promise.reject(new Error('the server was started without a stdout pipe'));
  return new Promise((resolve, reject) => {
    let out = '';
    let found = false;
    stdout.on('data', (chunk) => {
      if (found) return;
      out += String(chunk);
      const adminUrl = /Swipegrid admin:\s+(\S+)\/\n/.exec(out)?.[1];
      // "Published sites:  http://{handle}.localhost:port/   (or http://localhost:port/sites/{siteId}/, …)":
      // the shared host is the second, the one a raw socket reaches without a site's name.
      const siteUrl = /Published sites:.*\(or (\S+?)\/sites\//.exec(out)?.[1];
      if (adminUrl && siteUrl) {
        found = true;
        resolve({ adminUrl, siteUrl });
      }
    });
    stdout.once('end', () => {
      if (!found) reject(new Error(`the server ended before listening: ${out}`));
    });
  });
}
