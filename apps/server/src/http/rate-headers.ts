/** GitBook's rate-limit headers, on every face's responses. */
import type { FastifyReply } from 'fastify';
import type { RateState } from './rate-limits';

export function sendRateHeaders(reply: FastifyReply, state: RateState, retryAfterSeconds?: number): void {
  reply.header('x-ratelimit-limit', state.limit);
  reply.header('x-ratelimit-remaining', state.remaining);
  reply.header('x-ratelimit-reset', state.resetAt);
  if (retryAfterSeconds !== undefined) reply.header('retry-after', retryAfterSeconds);
}
