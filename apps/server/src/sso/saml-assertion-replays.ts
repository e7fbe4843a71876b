/**
 * Assertions already used: each assertion id a sign-in accepted is kept in the store
 * (`samlAssertions`) until the assertion expires, and a second use of it is refused. The
 * store's unique `_id` decides, so two servers given the same response at once accept it
 * once, and a restart forgets nothing.
 */
import { isDuplicateKeyError, type Store, type StoreCollection } from '@quire/store';

/** When an assertion says nothing of its end, its id is kept this long (past any validity window). */
const DEFAULT_KEEP_MS = 24 * 60 * 60 * 1000;

interface SeenAssertionDocument {
  _id: string;
  expiresAt: number;
}

export class SamlAssertionReplays {
  readonly #seen: StoreCollection<SeenAssertionDocument>;
  #nextPurge = 0;

  constructor(
    store: Store,
    private readonly now: () => number = Date.now,
  ) {
    this.#seen = store.db.collection<SeenAssertionDocument>('samlAssertions');
  }

  /**
   * Records the assertion as used; false when it was used before. `notOnOrAfter` is the end
   * of its validity (ms), after which no one could use it anyway.
   */
  async firstUse(
    providerId: string,
    assertionId: string,
    notOnOrAfter: number | undefined,
  ): Promise<boolean> {
    await this.#purgeExpired();
    const now = this.now();
    const expiresAt = Math.min(notOnOrAfter ?? now + DEFAULT_KEEP_MS, now + DEFAULT_KEEP_MS);
    try {
      await this.#seen.insertOne({
        _id: `${providerId}:${assertionId}`,
        expiresAt: Math.max(expiresAt, now) + 60_000,
      });
      return true;
    } catch (error) {
      if (isDuplicateKeyError(error)) return false;
      throw error;
    }
  }

  async #purgeExpired(): Promise<void> {
    const now = this.now();
    if (now < this.#nextPurge) return;
    this.#nextPurge = now + 60_000;
    await this.#seen.deleteMany({ expiresAt: { $lte: now } });
  }
}
