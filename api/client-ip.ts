import type { Context } from 'hono';

type NodeBindings = { incoming?: { socket?: { remoteAddress?: string } } };

/**
 * The peer address of the connection (@hono/node-server puts the Node request in `c.env`).
 * Forwarded headers are not trusted: a proxy in front must be configured to pass through the
 * client's address at the TCP level, or all clients share the proxy's limit (docs/decisions.md).
 */
export function clientIp(c: Context): string {
  return (c.env as NodeBindings | undefined)?.incoming?.socket?.remoteAddress ?? 'unknown';
}
