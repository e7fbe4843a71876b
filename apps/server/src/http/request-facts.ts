/** What the request gate reads of a Fastify request (the same on every face). */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RequestFacts } from '../request-context';
import { sendRateHeaders } from './rate-headers';

/** The header a signed-in browser sends its session's CSRF token in. */
export const CSRF_HEADER = 'x-quire-csrf';

export function requestFactsOf(request: FastifyRequest, reply: FastifyReply): RequestFacts {
  const csrfToken = request.headers[CSRF_HEADER];
  return {
    authorization: request.headers.authorization,
    cookie: request.headers.cookie,
    method: request.method,
    // Sent twice, it is no token of ours.
    csrfToken: typeof csrfToken === 'string' ? csrfToken : undefined,
    address: request.ip,
    onRateState: (state, retryAfter) => sendRateHeaders(reply, state, retryAfter),
  };
}
