/**
 * Security headers, on every answer.
 *
 * - Pages (`/docs`, GraphiQL, later the web app): helmet's full set. The helmet middleware
 *   is built once and run in the request hook; @fastify/helmet builds a new one on every
 *   request (re-parsing the Content-Security-Policy each time), which cost about 5% of a
 *   small read. The HTML pages set their own, wider CSP.
 * - API answers (`/v1`, `/admin`, `/trpc`, `/graphql` JSON): the set the OWASP REST Security
 *   Cheat Sheet gives for APIs, precomputed and set in one call. The rest of helmet's set
 *   (cross-origin opener and embedder policies, origin-agent-cluster, DNS prefetch, download
 *   options, ...) governs documents a browser renders, which a JSON answer is not, and each
 *   header costs the small reads about 1% of their throughput.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';

/** The prefixes of the API: answers hold a caller's data as JSON, never a page. */
export const API_PREFIXES = ['/v1/', '/admin/', '/trpc/', '/graphql'] as const;

export const isApiPath = (url: string): boolean => API_PREFIXES.some((prefix) => url.startsWith(prefix));

/** For JSON answers: not stored, not sniffed as anything else, not framed, no referrer. */
export const API_SECURITY_HEADERS = {
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
} as const;

export type ApplyPageHeaders = (request: IncomingMessage, response: ServerResponse) => void;

/** Helmet's headers for pages, the middleware built once. */
export function pageSecurityHeaders(): ApplyPageHeaders {
  const middleware = helmet({
    contentSecurityPolicy: {
      // Quire is often reached over plain http on a local network: no forced upgrade.
      // Images also from any https address: the editor inserts images by URL, and pages
      // imported from GitBook point at theirs; scripts, styles and connections stay our own.
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    // Cross-origin callers are allowed or not by CORS, not by a resource policy.
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  const done = (error?: unknown) => {
    if (error) throw error;
  };
  return (request, response) => middleware(request, response, done);
}
