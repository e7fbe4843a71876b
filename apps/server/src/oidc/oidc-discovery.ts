/**
 * The provider's configuration (its discovery document, `<issuer>/.well-known/openid-configuration`,
 * with the client's registration), fetched once and kept for `TTL_MS` per issuer and client,
 * so a sign-in costs the provider no discovery. A failed discovery is not kept: the next
 * sign-in asks again. Each call to the provider (discovery, keys, token, userinfo) has
 * `TIMEOUT_SECONDS`.
 *
 * openid-client checks that the document's `issuer` is the issuer asked for (a provider
 * answering for another issuer is refused) and, later, that ID tokens come from it.
 */
import type { OidcProviderRecord, Secrets } from '@quire/domain';
import * as client from 'openid-client';
import { guardedOidcFetch } from './guarded-oidc-fetch';

const TTL_MS = 10 * 60 * 1000;
const TIMEOUT_SECONDS = 10;
/** Far more providers than an instance has: the oldest entry goes first past it. */
const MAX_ENTRIES = 256;

export type ActiveOidcProvider = OidcProviderRecord &
  Required<Pick<OidcProviderRecord, 'issuer' | 'clientId' | 'sealedClientSecret'>>;

export class OidcDiscovery {
  readonly #fetch: client.CustomFetch;
  readonly #entries = new Map<string, { at: number; configuration: Promise<client.Configuration> }>();

  constructor(
    private readonly secrets: Secrets,
    allowHosts: readonly string[],
    private readonly now: () => number = Date.now,
  ) {
    this.#fetch = guardedOidcFetch(allowHosts);
  }

  /** The configuration of the provider's issuer and client (from the cache while fresh). */
  configurationOf(provider: ActiveOidcProvider): Promise<client.Configuration> {
    // The sealed secret is new whenever the secret changes: a new secret is a new entry.
    const key = JSON.stringify([provider.issuer, provider.clientId, provider.sealedClientSecret]);
    const kept = this.#entries.get(key);
    if (kept && this.now() - kept.at < TTL_MS) return kept.configuration;
    const configuration = this.#discover(provider);
    this.#entries.delete(key);
    if (this.#entries.size >= MAX_ENTRIES) this.#entries.delete(this.#entries.keys().next().value!);
    this.#entries.set(key, { at: this.now(), configuration });
    configuration.catch(() => {
      if (this.#entries.get(key)?.configuration === configuration) this.#entries.delete(key);
    });
    return configuration;
  }

  async #discover(provider: ActiveOidcProvider): Promise<client.Configuration> {
    const secret = this.secrets.unseal(provider.sealedClientSecret);
    if (secret === null) throw new Error('The client secret cannot be unsealed with this instance key');
    const issuer = new URL(provider.issuer);
    const configuration = await client.discovery(
      issuer,
      provider.clientId,
      undefined,
      client.ClientSecretBasic(secret),
      {
        [client.customFetch]: this.#fetch,
        timeout: TIMEOUT_SECONDS,
        // An http issuer is the administrator's choice (a provider on the private network).
        ...(issuer.protocol === 'http:' ? { execute: [client.allowInsecureRequests] } : {}),
      },
    );
    configuration[client.customFetch] = this.#fetch;
    configuration.timeout = TIMEOUT_SECONDS;
    return configuration;
  }
}
