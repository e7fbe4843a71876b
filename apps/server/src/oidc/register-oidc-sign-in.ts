/**
 * The browser's side of OpenID Connect sign-in: `GET /oidc/:providerId/start?returnTo=/path`
 * sends the browser to the provider, `GET /oidc/:providerId/callback` is where the provider
 * sends it back (the provider's `service.redirectURL`); it gets a session cookie and lands on
 * the web app at the path the sign-in started with (`/` by default). The start gives the
 * browser a cookie holding the sign-in's state, and the callback is accepted only from the
 * browser that has it (`sign-in-cookie.ts`: no login CSRF). A refusal is answered in
 * GitBook's error shape with its status (400 an unknown, expired or used sign-in or one started in another browser, 401 an
 * answer of the provider refused, 403 an email not verified or an account outside the
 * organization, 404 no active provider, 502 a provider that cannot be reached); to a browser
 * (one that accepts HTML, as it does when the provider sends it back) the same status comes
 * with a page saying why, as SAML's refusals do.
 *
 * Registered by the app, not here.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from '../http/error-body';
import type { Services } from '../services';
import { browserExchangeOf } from '../sessions/browser-exchange';
import { cookiesAreSecure } from '../sessions/session-cookie';
import { sendSignInFailure } from '../sessions/sign-in-failure-page';
import { sameOriginPath } from '../sessions/sign-in-return-path';
import { LOGIN_WINDOW_MS, OidcSignInRefused, OidcSignIns } from './oidc-sign-ins';
import { signInClearCookie, signInCookieIn, signInSetCookie } from './sign-in-cookie';

interface OidcRoute {
  Params: { providerId: string };
  Querystring: Record<string, unknown>;
}

export function registerOidcSignIn(
  app: FastifyInstance,
  services: Services,
  options: { publicUrl: string; allowHosts: readonly string[] },
): void {
  const signIns = new OidcSignIns(services, options.allowHosts);
  const secure = cookiesAreSecure(options.publicUrl);

  app.get<OidcRoute>('/oidc/:providerId/start', async (request, reply) => {
    const asked = request.query.returnTo;
    const returnTo = asked === undefined ? '/' : sameOriginPath(asked);
    if (returnTo === null)
      return reply.code(400).send(errorBody(400, 'returnTo must be a path of this site, such as /o/…'));
    return answer(reply, async () => {
      const { url, state } = await signIns.start(request.params.providerId, returnTo);
      return reply
        .code(302)
        .header('set-cookie', signInSetCookie(state, secure, LOGIN_WINDOW_MS / 1000))
        .header('location', url.href)
        .header('cache-control', 'no-store')
        .send();
    });
  });

  app.get<OidcRoute>('/oidc/:providerId/callback', async (request, reply) =>
    answer(reply, async () => {
      const search = new URLSearchParams(queryOf(request));
      const browser = browserExchangeOf(request, reply, options.publicUrl);
      const returnTo = await signIns.finish(
        request.params.providerId,
        search,
        signInCookieIn(request.headers.cookie),
        browser,
      );
      // Done with: the cookie goes (a refused callback leaves it, to expire, as its sign-in may still come back).
      return reply
        .header('set-cookie', signInClearCookie(secure))
        .code(303)
        .header('location', `${services.urls.app}${returnTo}`)
        .header('cache-control', 'no-store')
        .send();
    }),
  );
}

/** The raw query string, as the provider sent it. */
const queryOf = (request: FastifyRequest): string => {
  const mark = request.url.indexOf('?');
  return mark < 0 ? '' : request.url.slice(mark + 1);
};

async function answer(reply: FastifyReply, run: () => Promise<FastifyReply>): Promise<FastifyReply> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof OidcSignInRefused)) throw error;
    reply.log.info({ status: error.status, reason: error.message }, 'OpenID Connect sign-in refused');
    if (acceptsHtml(reply.request)) return sendSignInFailure(reply, error.status, error.message);
    return reply
      .code(error.status)
      .header('cache-control', 'no-store')
      .send(errorBody(error.status, error.message));
  }
}

/** A browser's navigation asks for HTML; an API client or a test's fetch does not. */
const acceptsHtml = (request: FastifyRequest): boolean =>
  (request.headers.accept ?? '').includes('text/html');
