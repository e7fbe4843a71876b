/** What the request gate reads of a Fastify request (the same on every face). */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RequestFacts } from '../request-context';
import { sendRateHeaders } from './rate-headers';
import type { RateState } from './rate-limits';

/** The header a signed-in browser sends its session's CSRF token in. */
export const CSRF_HEADER = 'x-quire-csrf';

/** The facts of one request, read once; its rate-limit state goes to the reply's headers. */
class FastifyRequestFacts implements RequestFacts {
  readonly authorization: string | undefined;
  readonly cookie: string | undefined;
  readonly method: string;
  readonly csrfToken: string | undefined;
  readonly address: string;
  readonly userAgent: string | undefined;
  readonly requestId: string;

  constructor(
    request: FastifyRequest,
    readonly reply: FastifyReply,
  ) {
    const { headers } = request;
    const csrfToken = headers[CSRF_HEADER];
    this.authorization = headers.authorization;
    this.cookie = headers.cookie;
    this.method = request.method;
    // Sent twice, it is no token of ours.
    this.csrfToken = typeof csrfToken === 'string' ? csrfToken : undefined;
    this.address = request.ip;
    this.userAgent = headers['user-agent'];
    this.requestId = request.id;
  }

  onRateState(state: RateState, retryAfterSeconds?: number): void {
    sendRateHeaders(this.reply, state, retryAfterSeconds);
  }
}

export const requestFactsOf = (request: FastifyRequest, reply: FastifyReply): RequestFacts =>
  new FastifyRequestFacts(request, reply);
