/**
 * Requests Node's HTTP parser refuses before Fastify sees them (headers or request line too
 * large, broken framing, a client too slow): answered on the socket in GitBook's error shape,
 * as every other error is, then the connection is closed (Node's own behaviour).
 */
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

const REFUSALS: Record<string, { status: number; reason: string; message: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: 'Request Header Fields Too Large',
    message: 'The request line or headers are too large',
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    reason: 'Request Timeout',
    message: 'The request took too long to arrive',
  },
};

const MALFORMED = { status: 400, reason: 'Bad Request', message: 'The request is not valid HTTP' };

export function answerClientError(
  this: FastifyInstance,
  error: Error & { code?: string },
  socket: Socket,
): void {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, reason, message } = REFUSALS[error.code ?? ''] ?? MALFORMED;
  this.log.debug({ err: error }, 'refused a malformed request');
  if (socket.writable) {
    const body = JSON.stringify({ error: { code: status, message } });
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
