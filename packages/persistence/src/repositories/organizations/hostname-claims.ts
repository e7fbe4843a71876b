/**
 * Hostname claims: which organization holds each hostname, without transactions.
 *
 * Hostnames are unique across the instance but optional. A unique index on an optional
 * field would treat every organization without one as holding `null` (so only one could
 * exist) and the store's index options have no partial filter, so each hostname in use is
 * claimed by a document of its own, keyed by the hostname. The organization's `hostname`
 * field is the truth; a claim is the reservation that keeps every other organization off it.
 *
 * The protocol (the organization repository runs it; see `update` there):
 * 1. A change of an organization's hostname first marks the organization (`hostnameChange`,
 *    a compare-and-set on its absence), so changes of one organization's hostname run one
 *    at a time: a second one at once is refused (409), never interleaved.
 * 2. It claims the new hostname: insert, or renew a claim of its own left by an earlier
 *    interrupted change, or take over an abandoned claim of another organization.
 * 3. It points the organization at the hostname, by compare-and-set on its own mark.
 * 4. It releases every other claim of the organization (only its own change can be
 *    making them, since it holds the mark), then removes the mark.
 * A crash leaves at most a mark and claims the organization does not point at. Both are
 * repaired once older than `HOSTNAME_CLAIM_STALE_MS`: the next change of the organization
 * takes the mark over and releases what the dead one claimed; another organization wanting
 * one of those hostnames takes the claim over; the startup sweep after an unclean shutdown
 * (`releaseAbandoned`) releases them all. The bound assumes no live request pauses that
 * long between two of its store calls.
 */
import { randomBytes } from 'node:crypto';
import { conflict } from '@quire/domain';
import { type Filter, isDuplicateKeyError, type StoreCollection } from '@quire/store';

export const HOSTNAMES = 'organizationHostnames';

/**
 * A claim or a change mark older than this, that its organization does not point at, was
 * left by a crash (a change takes milliseconds) and may be taken over.
 */
export const HOSTNAME_CLAIM_STALE_MS = 60_000;

const CLAIM_ATTEMPTS = 5;

export const HOSTNAME_TAKEN = 'This hostname is already used by another organization';

/** A hostname in use: `_id` is the hostname (unique by construction), held by one organization. */
export interface OrganizationHostnameDocument {
  _id: string;
  organizationId: string;
  /** When it was claimed or renewed (ms since the epoch). */
  claimedAt: number;
  /** New at every claim or renewal, so a takeover is a compare-and-set on the claim it judged abandoned. */
  token: string;
}

/** The mark of a change of an organization's hostname under way (field `hostnameChange`). */
export interface HostnameChangeMark {
  token: string;
  /** ms since the epoch. */
  startedAt: number;
}

/** The fields of an organization document the claims read and write. */
export interface HostnameHolder {
  _id: string;
  hostname?: string;
  hostnameChange?: HostnameChangeMark;
}

export const newToken = (): string => randomBytes(9).toString('base64url');

export const markedBy = (token: string): Filter<HostnameHolder> => ({ 'hostnameChange.token': token });

export interface AbandonedRelease {
  /** Claims released because their organization does not point at them. */
  claims: number;
  /** Marks of changes that never finished, removed. */
  changes: number;
}

export class HostnameClaims {
  readonly #claims: StoreCollection<OrganizationHostnameDocument>;
  readonly #organizations: StoreCollection<HostnameHolder>;
  readonly #now: () => number;

  constructor(
    claims: StoreCollection<OrganizationHostnameDocument>,
    organizations: StoreCollection<HostnameHolder>,
    now: () => number,
  ) {
    this.#claims = claims;
    this.#organizations = organizations;
    this.#now = now;
  }

  /**
   * Claims a hostname for an organization (step 2); Conflict when another one holds it. The
   * caller holds the organization's change mark, or is creating the organization.
   */
  async claim(hostname: string, organizationId: string): Promise<void> {
    for (let attempt = 0; attempt < CLAIM_ATTEMPTS; attempt++) {
      const mine = { claimedAt: this.#now(), token: newToken() };
      try {
        await this.#claims.insertOne({ _id: hostname, organizationId, ...mine });
        return;
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
      }
      const holder = await this.#claims.findOne({ _id: hostname });
      if (!holder) continue; // released in between: insert again
      // Its own claim, left by an interrupted change: renewed, so that a takeover judged on
      // the old claim fails; an organization other than `holder.organizationId` takes it over
      // only when `isAbandoned`.
      if (holder.organizationId !== organizationId && !(await this.#isAbandoned(holder, this.#staleBefore())))
        throw conflict(HOSTNAME_TAKEN);
      const taken = await this.#claims.updateOne(
        { _id: hostname, organizationId: holder.organizationId, token: holder.token },
        { $set: { organizationId, ...mine } },
      );
      if (taken.matchedCount === 1) return;
    }
    throw conflict(HOSTNAME_TAKEN);
  }

  /** Releases the organization's claims other than `kept` (step 4, or undoing step 2). */
  async releaseAllBut(organizationId: string, kept: string | undefined): Promise<void> {
    await this.#claims.deleteMany(
      kept === undefined ? { organizationId } : { organizationId, _id: { $ne: kept } },
    );
  }

  /** Releases one claim of an organization (its creation failed after claiming). */
  async release(hostname: string, organizationId: string): Promise<void> {
    await this.#claims.deleteOne({ _id: hostname, organizationId });
  }

  /** Whether a claim or a mark made at `at` (ms since the epoch) is older than the bound. */
  isStale(at: number): boolean {
    return at < this.#staleBefore();
  }

  /**
   * Takes over the mark of a change judged dead (`isStale`); null when the mark changed
   * meanwhile.
   */
  async takeOverMark(
    organizationId: string,
    mark: HostnameChangeMark,
    next: HostnameChangeMark,
  ): Promise<HostnameHolder | null> {
    return this.#organizations.findOneAndUpdate(
      { _id: organizationId, ...markedBy(mark.token) },
      { $set: { hostnameChange: next } },
      { returnDocument: 'after' },
    );
  }

  /**
   * The startup sweep: ends the changes marked before `staleBefore` (releasing what they
   * claimed) and releases claims made before it that their organization does not point at.
   * Run before the server listens, after an unclean shutdown.
   */
  async releaseAbandoned(staleBefore: number): Promise<AbandonedRelease> {
    const released: AbandonedRelease = { claims: 0, changes: 0 };
    const marked = await this.#organizations
      .find(
        { 'hostnameChange.startedAt': { $lt: staleBefore } },
        { projection: { hostnameChange: 1, hostname: 1 } },
      )
      .toArray();
    for (const organization of marked) {
      const mark = organization.hostnameChange;
      if (!mark) continue;
      // Take the mark over first, so the dead change cannot finish while its claims go.
      const taken = await this.#organizations.findOneAndUpdate(
        { _id: organization._id, ...markedBy(mark.token) },
        { $set: { hostnameChange: { token: newToken(), startedAt: this.#now() } } },
        { returnDocument: 'after' },
      );
      if (!taken?.hostnameChange) continue;
      await this.releaseAllBut(taken._id, taken.hostname);
      await this.#organizations.updateOne(
        { _id: taken._id, ...markedBy(taken.hostnameChange.token) },
        { $unset: { hostnameChange: '' } },
      );
      released.changes++;
    }
    const old = await this.#claims.find({ claimedAt: { $lt: staleBefore } }).toArray();
    for (const claim of old) {
      if (!(await this.#isAbandoned(claim, staleBefore))) continue;
      const deleted = await this.#claims.deleteOne({ _id: claim._id, token: claim.token });
      released.claims += deleted.deletedCount;
    }
    return released;
  }

  #staleBefore(): number {
    return this.#now() - HOSTNAME_CLAIM_STALE_MS;
  }

  /**
   * Whether a claim was abandoned: made before `staleBefore`, its organization does not
   * point at it, and no change of that organization's hostname is under way. A change
   * marked before `staleBefore` is dead: its mark is removed here, so that change cannot
   * point its organization at the hostname afterwards.
   */
  async #isAbandoned(claim: OrganizationHostnameDocument, staleBefore: number): Promise<boolean> {
    if (claim.claimedAt >= staleBefore) return false;
    const organization = await this.#organizations.findOne(
      { _id: claim.organizationId },
      { projection: { hostname: 1, hostnameChange: 1 } },
    );
    if (!organization) return true;
    if (organization.hostname === claim._id) return false;
    const mark = organization.hostnameChange;
    if (!mark) return true;
    if (mark.startedAt >= staleBefore) return false;
    const ended = await this.#organizations.updateOne(
      { _id: organization._id, ...markedBy(mark.token) },
      { $unset: { hostnameChange: '' } },
    );
    return ended.matchedCount === 1;
  }
}
