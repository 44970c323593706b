import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { MessageKey } from '../../model/messages/keys.ts';
import { messageText } from '../../model/messages/text.ts';

/** What Node's parser refuses before any app sees the request, and how it is answered. */
function refusalOf(code: string | undefined): { status: number; reason: string; errorCode: string; key: MessageKey } {
  if (code === 'HPE_HEADER_OVERFLOW') return { status: 431, reason: 'Request Header Fields Too Large', errorCode: 'bad_request', key: 'headersTooLarge' };
  if (code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW') return { status: 413, reason: 'Content Too Large', errorCode: 'payload_too_large', key: 'bodyTooLarge' };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, reason: 'Request Timeout', errorCode: 'bad_request', key: 'malformedRequest' };
  return { status: 400, reason: 'Bad Request', errorCode: 'bad_request', key: 'malformedRequest' };
}

/**
 * Answers a request Node's own HTTP layer refuses (oversized address or headers, a bad request
 * line, bytes after a body's declared length, a broken chunk) with the API's short JSON error
 * instead of the empty 400 Node writes by default, then closes the connection: what follows on
 * it cannot be trusted to start a request. The text is English: the headers, and with them
 * Accept-Language, were not read.
 */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    // A reset or a timeout while the answer was being written: there is nobody to answer.
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const { status, reason, errorCode, key } = refusalOf(error.code);
    const body = JSON.stringify({ code: errorCode, key, values: {}, message: messageText(key, 'en'), issues: [] });
    const head = [
      `HTTP/1.1 ${status} ${reason}`,
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(body)}`,
      'X-Content-Type-Options: nosniff',
      'Connection: close',
    ];
    socket.end(`${head.join('\r\n')}\r\n\r\n${body}`);
  });
}
