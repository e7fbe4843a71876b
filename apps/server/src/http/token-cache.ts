/**
 * Authentication without two store reads per request: the caller a token stands for is kept
 * for a few seconds, keyed by the token's SHA-256 (the token itself is never kept).
 *
 * A revocation through this process drops the token at once: the cache wraps the token
 * repository, and `revoke` evicts before it returns, so the next request on any face is
 * refused. A revocation made by another process (several servers on one MongoDB, the CLI
 * against MongoDB) takes effect within `MAX_AGE_MS`, or at once when its `access.changed` event
 * arrives (through MongoDB's shared log: a revocation through any server's face). `lastUsedAt` is still written at most
 * once a minute per token (the domain's resolution), best-effort, off the request's path.
 */
import {
  type ApiTokenRepository,
  authenticateApiToken,
  type Caller,
  type DomainServices,
  LAST_USED_RESOLUTION_MS,
} from '@quire/domain';

/** How long a cached caller is trusted without reading the store again. */
export const MAX_AGE_MS = 5_000;
/** At most this many tokens are cached; the oldest go first. */
const CAPACITY = 10_000;

interface Entry {
  caller: Caller;
  cachedAt: number;
  touchedAt: number;
}

export class TokenCache {
  readonly #entries = new Map<string, Entry>();
  /** Moved by every eviction: a read that began before one may not fill the cache. */
  #generation = 0;
  readonly #services: DomainServices;

  constructor(services: DomainServices) {
    this.#services = services;
  }

  /**
   * The caller the cache holds for the token, without waiting: undefined when it holds none
   * (or only an aged one), and then `authenticate` reads the store.
   */
  cached(token: string): Caller | undefined {
    return this.#fresh(this.#services.secrets.sha256(token), this.#services.clock.now().getTime());
  }

  /** The caller the token stands for, or null (unknown, revoked, deleted user). */
  async authenticate(token: string): Promise<Caller | null> {
    const key = this.#services.secrets.sha256(token);
    // The services' clock, which tests move: a cached caller ages with the rest of the domain.
    const now = this.#services.clock.now().getTime();
    const cached = this.#fresh(key, now);
    if (cached) return cached;
    this.#entries.delete(key);
    const generation = this.#generation;
    const caller = await authenticateApiToken(this.#services, token);
    // A revocation while the store was read may have found nothing to evict yet.
    if (caller && generation === this.#generation) {
      if (this.#entries.size >= CAPACITY) this.#entries.delete(this.#entries.keys().next().value as string);
      this.#entries.set(key, { caller, cachedAt: now, touchedAt: now });
    }
    return caller;
  }

  /** The caller cached under the token's hash while young enough, its `lastUsedAt` kept up to date. */
  #fresh(key: string, now: number): Caller | undefined {
    const entry = this.#entries.get(key);
    if (!entry || now - entry.cachedAt >= MAX_AGE_MS) return undefined;
    if (now - entry.touchedAt >= LAST_USED_RESOLUTION_MS) {
      entry.touchedAt = now;
      void this.#services.repos.apiTokens
        .touch(entry.caller.tokenId, new Date(now).toISOString())
        .catch(() => undefined);
    }
    return entry.caller;
  }

  /** Forgets a token (by id): its next use reads the store. */
  evict(tokenId: string): void {
    this.#generation++;
    for (const [key, entry] of this.#entries) if (entry.caller.tokenId === tokenId) this.#entries.delete(key);
  }

  /**
   * Forgets every token of a person: their access changed, maybe through another server (a token
   * revoked there, which this cache would otherwise trust for up to `MAX_AGE_MS`).
   */
  evictPerson(userId: string): void {
    this.#generation++;
    for (const [key, entry] of this.#entries) if (entry.caller.userId === userId) this.#entries.delete(key);
  }

  /** The token repository with revocations evicting from this cache before they return. */
  evictingOnRevoke(tokens: ApiTokenRepository): ApiTokenRepository {
    return {
      insert: (token) => tokens.insert(token),
      findById: (id) => tokens.findById(id),
      findByHash: (hash) => tokens.findByHash(hash),
      listByUser: (userId, page) => tokens.listByUser(userId, page),
      countByUser: (userId) => tokens.countByUser(userId),
      touch: (id, at) => tokens.touch(id, at),
      revoke: async (id, at) => {
        const revoked = await tokens.revoke(id, at);
        this.evict(id);
        return revoked;
      },
    };
  }
}
