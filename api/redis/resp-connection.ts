import net from 'node:net';

/** An error reply (`-ERR …`, `-NOSCRIPT …`): the command reached Redis and was refused. */
export class RedisReplyError extends Error {
  override name = 'ReplyError';
}

/** A reply of Redis (RESP2): a status or bulk string, an integer, null, or an array of those; inside an array (EXEC's) an error too. */
export type RedisReply = string | number | null | RedisReplyError | RedisReply[];

type Pending = { resolve: (reply: RedisReply) => void; reject: (error: Error) => void };

const CRLF = Buffer.from('\r\n');

function encode(args: readonly (string | number | Buffer)[]): Buffer {
  const parts: Buffer[] = [Buffer.from(`*${args.length}\r\n`)];
  for (const arg of args) {
    const bytes = Buffer.isBuffer(arg) ? arg : Buffer.from(String(arg), 'utf8');
    parts.push(Buffer.from(`$${bytes.length}\r\n`), bytes, CRLF);
  }
  return Buffer.concat(parts);
}

/** Reads one reply from `buffer` at `offset`; undefined when the bytes so far end inside it. */
function parse(buffer: Buffer, offset: number): { value: RedisReply; next: number } | undefined {
  const lineEnd = buffer.indexOf(CRLF, offset);
  if (lineEnd < 0) return undefined;
  const type = String.fromCharCode(buffer[offset]!);
  const line = buffer.toString('utf8', offset + 1, lineEnd);
  const after = lineEnd + 2;
  switch (type) {
    case '+':
      return { value: line, next: after };
    case '-':
      return { value: new RedisReplyError(line), next: after };
    case ':':
      return { value: Number(line), next: after };
    case '$': {
      const length = Number(line);
      if (length < 0) return { value: null, next: after };
      if (buffer.length < after + length + 2) return undefined;
      return { value: buffer.toString('utf8', after, after + length), next: after + length + 2 };
    }
    case '*': {
      const count = Number(line);
      if (count < 0) return { value: null, next: after };
      const items: RedisReply[] = [];
      let next = after;
      for (let i = 0; i < count; i++) {
        const item = parse(buffer, next);
        if (!item) return undefined;
        // An error inside an array (EXEC of a MULTI) stays an element: the caller sees which command failed.
        items.push(item.value);
        next = item.next;
      }
      return { value: items, next };
    }
    default:
      throw new Error(`unexpected reply type ${JSON.stringify(type)} from Redis`);
  }
}

/**
 * One connection to Redis speaking RESP2: commands are written in order and their replies come
 * back in the same order, so a FIFO of waiting promises is the whole protocol. No reconnection
 * here: a lost connection fails what is pending and ends. Its surface (`send`, `connected`,
 * `onconnect`/`onclose`, `duplicate`) is the one BullMQ adapts for Bun's Redis client, so BullMQ
 * drives it through that adapter (which reconnects). Why our own and not ioredis: docs/decisions.md,
 * "A Redis client of our own".
 */
export class RespConnection {
  onconnect: (() => void) | null = null;
  onclose: ((error?: Error) => void) | null = null;
  onerror: ((error: Error) => void) | null = null;
  readonly url: string;
  private state: 'wait' | 'connecting' | 'ready' | 'end' = 'wait';
  private socket: net.Socket | null = null;
  private pending: Pending[] = [];
  private buffered: Buffer = Buffer.alloc(0);
  private connecting: Promise<void> | null = null;

  constructor(url: string) {
    this.url = url;
  }

  get connected(): boolean {
    return this.state === 'ready';
  }

  /** Lost or closed: it will not connect again. */
  get closed(): boolean {
    return this.state === 'end';
  }

  connect(): Promise<void> {
    if (this.state === 'ready') return Promise.resolve();
    if (this.state === 'end') return Promise.reject(new Error('Connection is closed.'));
    this.connecting ??= this.open();
    return this.connecting;
  }

  private open(): Promise<void> {
    const url = new URL(this.url);
    this.state = 'connecting';
    return new Promise((resolve, reject) => {
      const socket = net.connect({ host: url.hostname || '127.0.0.1', port: Number(url.port || 6379) });
      socket.setNoDelay(true);
      this.socket = socket;
      socket.on('data', (chunk: Buffer) => this.receive(chunk));
      socket.on('error', (error) => {
        reject(error);
        this.onerror?.(error);
        this.end(error);
      });
      socket.once('close', () => this.end(new Error('Connection is closed.')));
      socket.once('connect', async () => {
        try {
          if (url.password) await this.command(url.username ? ['AUTH', decodeURIComponent(url.username), decodeURIComponent(url.password)] : ['AUTH', decodeURIComponent(url.password)]);
          const db = url.pathname.replace('/', '');
          if (db) await this.command(['SELECT', db]);
          this.state = 'ready';
          resolve();
          this.onconnect?.();
        } catch (error) {
          reject(error);
          socket.destroy();
        }
      });
    });
  }

  /** Sends one command; resolves with its reply, rejects with a {@link RedisReplyError} for an error reply. */
  command(args: readonly (string | number | Buffer)[]): Promise<RedisReply> {
    const socket = this.socket;
    if (!socket || this.state === 'end') return Promise.reject(new Error('Connection is closed.'));
    return new Promise((resolve, reject) => {
      this.pending.push({ resolve, reject });
      socket.write(encode(args));
    });
  }

  /** Bun's name for {@link command}. */
  send(command: string, args: readonly (string | number | Buffer)[]): Promise<RedisReply> {
    return this.command([command, ...args]);
  }

  /** A new, unconnected connection to the same server (BullMQ's blocking reads need their own). */
  duplicate(): RespConnection {
    return new RespConnection(this.url);
  }

  /** Closes at once; what is pending fails. */
  close(): void {
    this.socket?.destroy();
    this.end(new Error('Connection is closed.'));
  }

  /** {@link close} under the name BullMQ looks for to tell a client instance from connection options. */
  disconnect(): void {
    this.close();
  }

  private end(error: Error) {
    if (this.state === 'end') return;
    const wasOpen = this.state !== 'wait';
    this.state = 'end';
    for (const waiting of this.pending.splice(0)) waiting.reject(error);
    if (wasOpen) this.onclose?.();
  }

  private receive(chunk: Buffer) {
    this.buffered = this.buffered.length ? Buffer.concat([this.buffered, chunk]) : chunk;
    let offset = 0;
    for (;;) {
      const reply = offset < this.buffered.length ? parse(this.buffered, offset) : undefined;
      if (!reply) break;
      offset = reply.next;
      const waiting = this.pending.shift();
      if (!waiting) continue;
      if (reply.value instanceof RedisReplyError) waiting.reject(reply.value);
      else waiting.resolve(reply.value);
    }
    this.buffered = this.buffered.subarray(offset);
  }
}
