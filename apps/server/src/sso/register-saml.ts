/**
 * SAML 2.0 sign-in, at the service URLs of each provider (`samlServiceOf`):
 *
 * - `GET /saml/{providerId}/metadata`: this service provider's metadata (its entity ID is this URL).
 * - `GET /saml/{providerId}/start?returnTo=/path`: an SP-initiated sign-in; the AuthnRequest's id
 *   is kept in the store (`SamlRequestIds`) and the browser is sent to the identity provider
 *   (HTTP-Redirect binding), the return path (same-origin only) as RelayState.
 * - `POST /saml/{providerId}/acs`: the identity provider's signed response (HTTP-POST binding).
 *   node-saml checks the signature, validity window (30 s of skew), audience and InResponseTo
 *   (an unsolicited response is refused unless `QUIRE_SAML_IDP_INITIATED` is on); this checks
 *   destination, recipient, issuer and replay (`SamlAssertionReplays`), provisions the person
 *   (`provisionSsoMember`), gives the browser a session and sends it to the return path. An
 *   address whose responses were refused too often is answered 429 (`SAML_REFUSAL_LIMITS`).
 *
 * These are browser pages, not API operations: no token, answers in HTML or redirects.
 */

import { randomBytes } from 'node:crypto';
import { type SAML, ValidateInResponseTo } from '@node-saml/node-saml';
import {
  IdSchema,
  isDomainError,
  provisionSsoMember,
  type SamlProviderRecord,
  samlAuthority,
  samlServiceOf,
} from '@quire/domain';
import type { Store } from '@quire/store';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { MemoryBudget } from '../http/memory-budget';
import type { Services } from '../services';
import { browserExchangeOf } from '../sessions/browser-exchange';
import { giveBrowserSession } from '../sessions/browser-session';
import { cookiesAreSecure } from '../sessions/session-cookie';
import { sendSignInFailure } from '../sessions/sign-in-failure-page';
import { sameOriginPath } from '../sessions/sign-in-return-path';
import { SamlAssertionReplays } from './saml-assertion-replays';
import { samlRequestClearCookie, samlRequestCookieIn, samlRequestSetCookie } from './saml-request-cookie';
import { SamlRequestIds } from './saml-request-ids';
import { checkDestination, checkVerifiedAssertion, personOf, SamlRefusal } from './saml-response-checks';
import { samlServiceProvider } from './saml-service-provider';

/** A response with many attributes is tens of KB; base64 and the form's encoding add a half. */
const MAX_FORM_BYTES = 512 * 1024;

/**
 * Refused responses an address may post per window before its posts are answered 429 unread:
 * a person retrying a misconfigured provider makes a few; someone probing the ACS with forged
 * responses (each costs a parse and a signature check) is stopped. Per process, in memory.
 */
export const SAML_REFUSAL_LIMITS = { perWindow: 30, windowSeconds: 15 * 60 };

type ProviderParams = { Params: { providerId: string } };

export function registerSaml(
  app: FastifyInstance,
  services: Services,
  store: Store,
  config: Config,
  limits: typeof SAML_REFUSAL_LIMITS = SAML_REFUSAL_LIMITS,
): void {
  const refusals = new MemoryBudget(limits.perWindow, limits.windowSeconds);
  const requestIds = new SamlRequestIds(store);
  const replays = new SamlAssertionReplays(store);
  const allowIdpInitiated = config.samlIdpInitiated;
  // The request is bound to the browser that started it where cookies can follow the provider's post.
  const bindToBrowser = cookiesAreSecure(config.publicUrl);
  const serviceProviderOf = (provider: SamlProviderRecord, requestId?: string): SAML =>
    samlServiceProvider(services.urls, provider, {
      allowIdpInitiated,
      requestIds: requestIds.of(provider.id),
      ...(requestId ? { requestId } : {}),
    });

  async function providerOf(request: FastifyRequest<ProviderParams>, active: boolean) {
    const id = IdSchema.safeParse(request.params.providerId);
    const provider = id.success ? await services.repos.samlProviders.findAnyById(id.data) : null;
    if (!provider || (active && provider.status !== 'active')) return null;
    return provider;
  }

  app.get<ProviderParams>('/saml/:providerId/metadata', async (request, reply) => {
    const provider = await providerOf(request, false);
    if (!provider) return sendSignInFailure(reply, 404, 'No such SAML provider');
    const metadata = serviceProviderOf(provider).generateServiceProviderMetadata(null, null);
    return reply.type('application/samlmetadata+xml; charset=utf-8').send(metadata);
  });

  app.get<ProviderParams & { Querystring: { returnTo?: string } }>(
    '/saml/:providerId/start',
    async (request, reply) => {
      const provider = await providerOf(request, true);
      if (!provider)
        return sendSignInFailure(reply, 404, 'No such SAML provider, or it is not configured yet');
      const returnPath = sameOriginPath(request.query.returnTo) ?? '/';
      const requestId = `_${randomBytes(20).toString('hex')}`;
      const url = await serviceProviderOf(provider, requestId).getAuthorizeUrlAsync(
        returnPath,
        undefined,
        {},
      );
      if (bindToBrowser) reply.header('set-cookie', samlRequestSetCookie(provider.id, requestId));
      return reply.header('cache-control', 'no-store').redirect(url, 303);
    },
  );

  // The identity provider's form post: the only route that parses a form, in a scope of its own.
  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: MAX_FORM_BYTES },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    scope.post<ProviderParams & { Body: Record<string, string> | undefined }>(
      '/saml/:providerId/acs',
      {
        // Before the body is read: an address that spent its budget costs no parse.
        onRequest: async (request, reply) => {
          const spent = refusals.peek(request.ip);
          if (!spent || spent.consumed < limits.perWindow) return;
          reply.header('retry-after', Math.max(1, Math.ceil(spent.msBeforeReset / 1000)));
          return sendSignInFailure(
            reply,
            429,
            'Too many refused sign-ins from this address: try again later',
          );
        },
      },
      async (request, reply) => {
        const provider = await providerOf(request, true);
        if (!provider)
          return sendSignInFailure(reply, 404, 'No such SAML provider, or it is not configured yet');
        const form = request.body ?? {};
        if (typeof form.SAMLResponse !== 'string' || form.SAMLResponse === '')
          return sendSignInFailure(reply, 400, 'The identity provider sent no SAMLResponse');
        try {
          if (bindToBrowser) reply.header('set-cookie', samlRequestClearCookie(provider.id));
          const userId = await acceptResponse(
            provider,
            form.SAMLResponse,
            bindToBrowser ? (samlRequestCookieIn(request.headers.cookie) ?? '') : undefined,
          );
          await giveBrowserSession(services, userId, browserExchangeOf(request, reply, config.publicUrl), {
            openedThrough: {
              organizationId: provider.organizationId,
              authority: samlAuthority(provider.certificate ?? ''),
            },
          });
          return reply
            .header('cache-control', 'no-store')
            .redirect(sameOriginPath(form.RelayState) ?? '/', 303);
        } catch (error) {
          refusals.take(request.ip);
          return refuse(request, reply, error);
        }
      },
    );
  });

  /** `startedHere`: the request id the browser holds, when requests are bound to browsers. */
  async function acceptResponse(
    provider: SamlProviderRecord,
    samlResponse: string,
    startedHere: string | undefined,
  ): Promise<string> {
    const { acsURL } = samlServiceOf(services.urls, provider.id);
    const saml = serviceProviderOf(provider);
    let profile: Awaited<ReturnType<SAML['validatePostResponseAsync']>>['profile'];
    try {
      ({ profile } = await saml.validatePostResponseAsync({ SAMLResponse: samlResponse }));
    } catch (error) {
      throw new SamlRefusal(reasonOf(error, saml.options.validateInResponseTo));
    }
    if (!profile) throw new SamlRefusal('The identity provider signed no one in');
    if (startedHere !== undefined && profile.inResponseTo && profile.inResponseTo !== startedHere)
      throw new SamlRefusal('This sign-in was started in another browser: start it again from this one');
    await checkDestination(profile.getSamlResponseXml?.() ?? '', acsURL);
    const assertion = checkVerifiedAssertion(profile, { acsURL, issuer: provider.entityID });
    if (!(await replays.firstUse(provider.id, assertion.id, assertion.notOnOrAfter)))
      throw new SamlRefusal('This assertion was used already: sign in again');
    const person = personOf(profile);
    const { user } = await provisionSsoMember(services, {
      organizationId: provider.organizationId,
      provider: {
        kind: 'saml',
        id: provider.id,
        authority: samlAuthority(provider.certificate ?? ''),
        defaultRole: provider.defaultRole,
        ...(provider.defaultTeam ? { defaultTeam: provider.defaultTeam } : {}),
      },
      email: person.email,
      ...(person.displayName ? { displayName: person.displayName } : {}),
    });
    return user.id;
  }
}

/** node-saml's reasons, said for a person; the unsolicited case names the setting. */
function reasonOf(error: unknown, validateInResponseTo: ValidateInResponseTo): string {
  const message = error instanceof Error ? error.message : String(error);
  if (
    message === 'InResponseTo is missing from response' &&
    validateInResponseTo === ValidateInResponseTo.always
  )
    return 'Sign-ins started at the identity provider are not accepted here: start from the sign-in page';
  if (message.includes('InResponseTo'))
    return 'This response answers no sign-in started here (or it expired): sign in again';
  return `The identity provider's response was refused: ${message.slice(0, 300)}`;
}

function refuse(request: FastifyRequest, reply: FastifyReply, error: unknown): FastifyReply {
  if (error instanceof SamlRefusal) return sendSignInFailure(reply, 403, error.message);
  if (isDomainError(error) && (error.code === 'forbidden' || error.code === 'validation'))
    return sendSignInFailure(reply, 403, error.message);
  request.log.error({ err: error }, 'SAML sign-in failed');
  return sendSignInFailure(reply, 500, 'The sign-in could not be completed: try again');
}
