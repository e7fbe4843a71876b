/**
 * The ids of the AuthnRequests this service sent, kept in the store (`samlRequests`) until they
 * are answered or expire, so the response's `InResponseTo` is checked on whichever server the
 * identity provider posts it to, and after a restart. node-saml reads and removes them through
 * its `CacheProvider`; each provider's ids are kept under its own prefix, so a response of one
 * provider cannot answer a request sent to another.
 */
import type { CacheItem, CacheProvider } from '@node-saml/node-saml';
import type { Store, StoreCollection } from '@quire/store';

/** How long a sign-in may take at the identity provider (password, second factor). */
export const SAML_REQUEST_LIFETIME_MS = 10 * 60 * 1000;

interface SamlRequestDocument {
  _id: string;
  /** What node-saml saved: the request's instant. */
  value: string;
  createdAt: number;
  expiresAt: number;
}

export class SamlRequestIds {
  readonly #requests: StoreCollection<SamlRequestDocument>;
  #nextPurge = 0;

  constructor(
    store: Store,
    private readonly now: () => number = Date.now,
  ) {
    this.#requests = store.db.collection<SamlRequestDocument>('samlRequests');
  }

  /** node-saml's cache of one provider's request ids. */
  of(providerId: string): CacheProvider {
    const key = (requestId: string) => `${providerId}:${requestId}`;
    return {
      saveAsync: async (requestId, value): Promise<CacheItem | null> => {
        await this.#purgeExpired();
        const createdAt = this.now();
        await this.#requests.insertOne({
          _id: key(requestId),
          value,
          createdAt,
          expiresAt: createdAt + SAML_REQUEST_LIFETIME_MS,
        });
        return { value, createdAt };
      },
      getAsync: async (requestId) => {
        const found = await this.#requests.findOne({ _id: key(requestId), expiresAt: { $gt: this.now() } });
        return found?.value ?? null;
      },
      removeAsync: async (requestId) => {
        if (requestId === null) return null;
        const removed = await this.#requests.findOneAndDelete({ _id: key(requestId) });
        return removed?.value ?? null;
      },
    };
  }

  /** Requests never answered are deleted, at most once a minute per process. */
  async #purgeExpired(): Promise<void> {
    const now = this.now();
    if (now < this.#nextPurge) return;
    this.#nextPurge = now + 60_000;
    await this.#requests.deleteMany({ expiresAt: { $lte: now } });
  }
}
