/**
 * Signing in through an organization's OpenID Connect provider: the authorization code flow
 * with PKCE, through openid-client (which validates the provider's answers: the ID token's
 * signature, issuer, audience, nonce and expiry, the code verifier at the token endpoint).
 *
 * - `start`: a random `state`, `nonce` and PKCE code verifier, stored (by the state's hash)
 *   for `LOGIN_WINDOW_MS`, then the provider's authorization URL.
 * - `finish`: the stored sign-in is taken by its state (once: a replayed callback finds
 *   nothing), it must be this provider's, the code is exchanged, and the person is who the ID
 *   token (or, when the token names no email, the userinfo endpoint) says, provided the
 *   provider verified the email (`email_verified: true`; an unverified email never links to
 *   an account nor makes one). Then `provisionSsoMember` (just-in-time provisioning) and a
 *   session.
 */
import {
  DomainError,
  type OidcLoginStateRecord,
  type OidcProviderRecord,
  oidcAuthority,
  oidcServiceOf,
  provisionSsoMember,
} from '@quire/domain';
import * as client from 'openid-client';
import { causesOf } from '../outbound/error-causes';
import type { Services } from '../services';
import type { BrowserExchange } from '../sessions/browser-exchange';
import { giveBrowserSession } from '../sessions/browser-session';
import { RefusedOidcUrl } from './guarded-oidc-fetch';
import { type ActiveOidcProvider, OidcDiscovery } from './oidc-discovery';

/** How long a person has at the provider before the started sign-in is worthless. */
export const LOGIN_WINDOW_MS = 10 * 60 * 1000;

/** A refusal the browser is answered with: its status and a message safe to show. */
export class OidcSignInRefused extends Error {
  override readonly name = 'OidcSignInRefused';
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 502,
    message: string,
  ) {
    super(message);
  }
}

export class OidcSignIns {
  readonly #discovery: OidcDiscovery;

  constructor(
    private readonly services: Services,
    allowHosts: readonly string[],
  ) {
    this.#discovery = new OidcDiscovery(services.secrets, allowHosts);
  }

  /**
   * The provider's authorization URL for a new sign-in landing on `returnTo`, and its state
   * (for the browser's cookie, `sign-in-cookie.ts`).
   */
  async start(providerId: string, returnTo: string): Promise<{ url: URL; state: string }> {
    const provider = await this.#activeProvider(providerId);
    const configuration = await this.#configurationOf(provider);
    const state = client.randomState();
    const nonce = client.randomNonce();
    const codeVerifier = client.randomPKCECodeVerifier();
    const now = this.services.clock.now();
    await this.services.repos.oidcLoginStates.insert(
      {
        stateHash: this.services.secrets.sha256(state),
        providerId: provider.id,
        organizationId: provider.organizationId,
        nonce,
        codeVerifier,
        returnTo,
        expiresAt: new Date(now.getTime() + LOGIN_WINDOW_MS).toISOString(),
      },
      now.toISOString(),
    );
    const url = client.buildAuthorizationUrl(configuration, {
      redirect_uri: oidcServiceOf(this.services.urls, provider.id).redirectURL,
      scope: provider.scopes.join(' '),
      state,
      nonce,
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
    });
    return { url, state };
  }

  /**
   * Completes the sign-in the provider sent the browser back from (`search` is the callback's
   * query string) in the browser holding `browserState` (its cookie's): the session is given
   * to `browser`, and the path to land on is returned.
   */
  async finish(
    providerId: string,
    search: URLSearchParams,
    browserState: string | undefined,
    browser: BrowserExchange,
  ): Promise<string> {
    const state = search.get('state');
    // Checked before the sign-in is taken: a callback opened elsewhere leaves it to its browser.
    if (state && state !== browserState)
      throw new OidcSignInRefused(400, 'This sign-in was started in another browser: start it again here');
    const started = state ? await this.#take(state) : null;
    if (!started || started.providerId !== providerId)
      throw new OidcSignInRefused(400, 'This sign-in is unknown, expired or already used: start it again');
    const refusal = search.get('error');
    if (refusal !== null)
      throw new OidcSignInRefused(
        401,
        `The identity provider refused the sign-in (${refusal.slice(0, 100)})`,
      );
    const provider = await this.#activeProvider(providerId);
    const configuration = await this.#configurationOf(provider);
    const callback = new URL(oidcServiceOf(this.services.urls, provider.id).redirectURL);
    callback.search = search.toString();

    let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
    try {
      tokens = await client.authorizationCodeGrant(configuration, callback, {
        pkceCodeVerifier: started.codeVerifier,
        expectedState: state!,
        expectedNonce: started.nonce,
        idTokenExpected: true,
      });
    } catch (error) {
      throw refusedAnswer(error);
    }
    const person = await this.#personOf(configuration, tokens);
    const authority = oidcAuthority(provider.issuer);
    const { user } = await provisionSsoMember(this.services, {
      organizationId: provider.organizationId,
      provider: {
        kind: 'oidc',
        id: provider.id,
        authority,
        defaultRole: provider.defaultRole,
        ...(provider.defaultTeam !== undefined ? { defaultTeam: provider.defaultTeam } : {}),
      },
      email: person.email,
      ...(person.name !== undefined ? { displayName: person.name } : {}),
    });
    await giveBrowserSession(this.services, user.id, browser, {
      openedThrough: { organizationId: provider.organizationId, authority },
    });
    return started.returnTo;
  }

  #take(state: string): Promise<OidcLoginStateRecord | null> {
    // A state longer than any we make is no state of ours; hashing it would cost for nothing.
    if (state.length > 256) return Promise.resolve(null);
    return this.services.repos.oidcLoginStates.take(
      this.services.secrets.sha256(state),
      this.services.clock.now().toISOString(),
    );
  }

  /** The verified email and the name of the person, from the ID token or else the userinfo endpoint. */
  async #personOf(
    configuration: client.Configuration,
    tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>,
  ): Promise<{ email: string; name?: string }> {
    const claims = tokens.claims();
    if (!claims) throw new OidcSignInRefused(401, 'The identity provider sent no ID token');
    let found: Record<string, unknown> = claims;
    if (typeof claims.email !== 'string') {
      try {
        found = {
          ...(await client.fetchUserInfo(configuration, tokens.access_token, claims.sub)),
          ...claims,
        };
      } catch (error) {
        throw refusedAnswer(error);
      }
    }
    if (typeof found.email !== 'string')
      throw new OidcSignInRefused(
        403,
        'The identity provider gave no email address (is the "email" scope asked for?)',
      );
    if (found.email_verified !== true)
      throw new OidcSignInRefused(403, 'The identity provider has not verified this email address');
    return {
      email: found.email,
      ...(typeof found.name === 'string' && found.name.trim() !== ''
        ? { name: found.name.trim().slice(0, 100) }
        : {}),
    };
  }

  async #activeProvider(providerId: string): Promise<ActiveOidcProvider> {
    const provider =
      providerId.length <= 128 ? await this.services.repos.oidcProviders.findAnyById(providerId) : null;
    if (!isActive(provider))
      throw new OidcSignInRefused(404, 'No OpenID Connect provider to sign in with here');
    return provider;
  }

  async #configurationOf(provider: ActiveOidcProvider): Promise<client.Configuration> {
    try {
      return await this.#discovery.configurationOf(provider);
    } catch (error) {
      throw new OidcSignInRefused(
        502,
        `The identity provider could not be reached or described itself wrongly (${messageOf(error)})`,
      );
    }
  }
}

const isActive = (provider: OidcProviderRecord | null): provider is ActiveOidcProvider =>
  provider?.status === 'active' &&
  provider.issuer !== undefined &&
  provider.clientId !== undefined &&
  provider.sealedClientSecret !== undefined;

/** The provider's answer was refused (a used code, a wrong nonce or issuer, a bad signature...). */
function refusedAnswer(error: unknown): Error {
  if (error instanceof DomainError || error instanceof OidcSignInRefused) return error;
  return new OidcSignInRefused(401, `The identity provider's answer was refused (${messageOf(error)})`);
}

/**
 * What failed, safe to show: a refused address (wrapped by openid-client, so found along
 * the causes), else openid-client's own messages, outermost first (never a secret nor a claim's value);
 * other errors stay unsaid.
 */
function messageOf(error: unknown): string {
  const causes = causesOf(error);
  const refused = causes.find((cause) => cause instanceof RefusedOidcUrl);
  if (refused) return (refused as RefusedOidcUrl).message;
  if (
    !(error instanceof client.ClientError) &&
    !(error instanceof client.ResponseBodyError) &&
    !(error instanceof client.AuthorizationResponseError)
  )
    return 'no answer';
  // openid-client wraps the check that failed ('invalid response encountered': 'JWT "nonce" claim missing').
  const messages = causes.flatMap((cause) => (cause instanceof Error ? [cause.message] : []));
  return [...new Set(messages)].join(': ').slice(0, 300);
}
