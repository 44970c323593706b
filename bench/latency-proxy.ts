/**
 * A TCP proxy that holds every chunk `delayMs` before passing it on, each way: a database on this
 * machine answering as a remote one would (2 ms each way is a round trip of 4 ms, a neighbouring
 * zone). The cluster bench runs it as a process of its own (`node bench/latency-proxy.ts
 * --target 127.0.0.1:5432 --delay 2` prints `listening PORT`), so the load generator's work never
 * delays the database's answers more than the proxy says.
 *
 * Chunks keep their order: each is written after the same delay from the moment it was read, and
 * Node fires timers of one duration in the order they were set.
 */
import { createServer, type Socket, connect } from 'node:net';
import { parseArgs } from 'node:util';

export type LatencyProxy = { port: number; close(): Promise<void> };

/** Passes `from`'s bytes to `to`, each chunk `delayMs` later; ends `to` once the last chunk is through. */
function delayed(from: Socket, to: Socket, delayMs: number): void {
  from.on('data', (chunk) => {
    setTimeout(() => {
      if (!to.destroyed) to.write(chunk);
    }, delayMs);
  });
  from.on('end', () => setTimeout(() => to.end(), delayMs));
  from.on('error', () => to.destroy());
  from.on('close', () => setTimeout(() => to.destroy(), delayMs));
}

/** Listens on a free loopback port and forwards each connection to `target`, `delayMs` each way. */
export function startLatencyProxy(target: { host: string; port: number }, delayMs: number): Promise<LatencyProxy> {
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    client.setNoDelay(true);
    const upstream = connect({ host: target.host, port: target.port, noDelay: true });
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    }
    delayed(client, upstream, delayMs);
    delayed(upstream, client, delayMs);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      if (typeof address !== 'object' || address === null) return reject(new Error('the proxy has no port'));
      resolve({
        port: address.port,
        close: () =>
          new Promise<void>((done) => {
            for (const socket of sockets) socket.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}

if (import.meta.main) {
  const { values } = parseArgs({ options: { target: { type: 'string' }, delay: { type: 'string', default: '2' } } });
  const [host, port] = (values.target ?? '').split(':');
  if (!host || !port) throw new Error('--target host:port is required');
  const proxy = await startLatencyProxy({ host, port: Number(port) }, Number(values.delay));
  console.log(`listening ${proxy.port}`);
  process.on('SIGTERM', () => void proxy.close().then(() => process.exit(0)));
}
