/**
 * What the session procedures may do with the browser's request and the reply: read where
 * it comes from, give it a session cookie, take it back. Bound to one Fastify request.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { cookiesAreSecure, sessionClearCookie, sessionCookieIn, sessionSetCookie } from './session-cookie';

export interface BrowserExchange {
  /** The client's address (Fastify's `request.ip`, which honours QUIRE_TRUST_PROXY). */
  readonly address: string;
  readonly userAgent: string | undefined;
  /** Whether the request carried a session cookie, valid or not. */
  readonly sentSessionCookie: boolean;
  /** Sends the session cookie with this value. */
  giveSession(cookieValue: string): void;
  /** Sends the session cookie the request carried again, so the browser keeps it as long as the session lives. */
  renewSession(): void;
  /** Makes the browser forget its session cookie. */
  forgetSession(): void;
  /** The wait a refusal (429) asks for. */
  retryAfter(seconds: number): void;
}

export function browserExchangeOf(
  request: FastifyRequest,
  reply: FastifyReply,
  publicUrl: string,
): BrowserExchange {
  const secure = cookiesAreSecure(publicUrl);
  const sent = sessionCookieIn(request.headers.cookie);
  return {
    address: request.ip,
    userAgent: request.headers['user-agent'],
    sentSessionCookie: sent !== undefined,
    giveSession: (cookieValue) => void reply.header('set-cookie', sessionSetCookie(cookieValue, secure)),
    renewSession: () => {
      if (sent !== undefined) reply.header('set-cookie', sessionSetCookie(sent, secure));
    },
    forgetSession: () => void reply.header('set-cookie', sessionClearCookie(secure)),
    retryAfter: (seconds) => void reply.header('retry-after', seconds),
  };
}
