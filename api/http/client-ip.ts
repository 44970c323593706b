import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/**
 * The address of the peer that opened the connection. X-Forwarded-For is not read: any client
 * can write it, and the embedded deploy has no proxy in front (docs/decisions.md). Requests
 * made in-process (`app.request` without a socket) count as one client, 'local'.
 */
export function clientIp(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'local';
  } catch {
    return 'local';
  }
}
