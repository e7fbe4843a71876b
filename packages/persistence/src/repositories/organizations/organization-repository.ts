import {
  conflict,
  type OrganizationRecord,
  type OrganizationRepository,
  type OrganizationUpdate,
} from '@quire/domain';
import {
  type CollectionIndexes,
  defineIndexes,
  type Filter,
  isDuplicateKeyError,
  type StoreCollection,
  type StoreDatabase,
  type UpdateFilter,
} from '@quire/store';
import { definedFields } from '../defined-fields';
import {
  type AbandonedRelease,
  HOSTNAMES,
  type HostnameChangeMark,
  HostnameClaims,
  type HostnameHolder,
  markedBy,
  newToken,
  type OrganizationHostnameDocument,
} from './hostname-claims';

const ORGANIZATIONS = 'organizations';

/** Email-domain lookups scan this many organizations at most. */
const MAX_BY_EMAIL_DOMAIN = 100;

const HOSTNAME_CHANGE_UNDER_WAY =
  "Another change of this organization's hostname is under way; try again once it is done";

export interface OrganizationDocument extends Omit<OrganizationRecord, 'id'> {
  _id: string;
  /** Present while a change of the hostname is under way (see hostname-claims.ts). */
  hostnameChange?: HostnameChangeMark;
  /**
   * When the organization was deleted: the mark every finder reads (a deleted organization is
   * found by none of them, so every guard answers 404 from this one write on) until the
   * purge job removes its data and then this document.
   */
  deletedAt?: string;
}

export type { OrganizationHostnameDocument };

export const organizationIndexes: CollectionIndexes[] = [
  // `findByEmailDomain` (a multikey index over the array of domains).
  defineIndexes<OrganizationDocument>(ORGANIZATIONS, [{ key: { emailDomains: 1, _id: 1 } }]),
  // Deleted organizations whose purge may need resuming (few: only they have the field).
  defineIndexes<OrganizationDocument>(ORGANIZATIONS, [{ key: { deletedAt: 1, _id: 1 } }]),
  // An organization's claims, to find what it holds.
  defineIndexes<OrganizationHostnameDocument>(HOSTNAMES, [{ key: { organizationId: 1 } }]),
];

/**
 * The record of an organization document, field by field, without the hostname change's
 * mark. The document is the store's own copy, so its values are taken as they are; a rest
 * pattern dropping `_id` and the mark, spread again to add `id`, copied it twice more, each
 * slower than the store's copy itself. The persistence test of this file reads back an
 * organization with every field (`Required<OrganizationRecord>`), so a field added to the
 * record and not taken here fails it.
 */
function toRecord(doc: OrganizationDocument): OrganizationRecord {
  const record: OrganizationRecord = {
    id: doc._id,
    title: doc.title,
    createdAt: doc.createdAt,
    emailDomains: doc.emailDomains,
    type: doc.type,
    defaultRole: doc.defaultRole,
    sso: doc.sso,
    ai: doc.ai,
    inviteLinks: doc.inviteLinks,
    plan: doc.plan,
    memberCount: doc.memberCount,
    adminCount: doc.adminCount,
  };
  if (doc.hostname !== undefined) record.hostname = doc.hostname;
  if (doc.useCase !== undefined) record.useCase = doc.useCase;
  if (doc.communityType !== undefined) record.communityType = doc.communityType;
  if (doc.defaultContent !== undefined) record.defaultContent = doc.defaultContent;
  if (doc.logo !== undefined) record.logo = doc.logo;
  return record;
}

/** The filter of an organization not deleted (`null` matches a field that is absent). */
const LIVE = { deletedAt: null } as unknown as Filter<OrganizationDocument>;

const isLive = (doc: OrganizationDocument): boolean => doc.deletedAt === undefined;

function toDocument({ id, ...rest }: OrganizationRecord): OrganizationDocument {
  return { _id: id, ...rest };
}

/** The update of the fields to set and the fields to clear. */
function updateOf(
  fields: OrganizationUpdate,
  clears: ReadonlyArray<keyof OrganizationUpdate>,
): UpdateFilter<OrganizationDocument> {
  const update: UpdateFilter<OrganizationDocument> = {};
  if (Object.keys(fields).length > 0) update.$set = fields;
  if (clears.length > 0) update.$unset = Object.fromEntries(clears.map((key) => [key, '']));
  return update;
}

export class MongoOrganizationRepository implements OrganizationRepository {
  readonly #organizations: StoreCollection<OrganizationDocument>;
  readonly #claims: HostnameClaims;
  readonly #now: () => number;

  /** `now` (ms since the epoch) dates hostname claims, to tell abandoned ones. */
  constructor(db: StoreDatabase, now: () => number = Date.now) {
    this.#organizations = db.collection<OrganizationDocument>(ORGANIZATIONS);
    this.#claims = new HostnameClaims(
      db.collection<OrganizationHostnameDocument>(HOSTNAMES),
      db.collection<HostnameHolder>(ORGANIZATIONS),
      now,
    );
    this.#now = now;
  }

  /**
   * The hostname is claimed before the organization exists; a crash in between leaves a
   * claim of an organization that does not exist, abandoned once stale.
   */
  async insert(organization: OrganizationRecord): Promise<void> {
    const { hostname } = organization;
    if (hostname) await this.#claims.claim(hostname, organization.id);
    try {
      await this.#organizations.insertOne(toDocument(organization));
    } catch (error) {
      if (hostname) await this.#claims.release(hostname, organization.id);
      if (isDuplicateKeyError(error)) throw conflict('An organization with this id already exists');
      throw error;
    }
  }

  // The finders read the deletion mark on the document read (not in the filter), so a point
  // read stays a point read.
  async findById(id: string): Promise<OrganizationRecord | null> {
    const doc = await this.#organizations.findOne({ _id: id });
    return doc && doc.deletedAt === undefined ? toRecord(doc) : null;
  }

  async isStanding(id: string): Promise<boolean> {
    // `map` is handed the stored document: nothing of it is copied.
    const [standing] = await this.#organizations
      .find({ _id: id }, { limit: 1 })
      .map((doc) => doc.deletedAt === undefined)
      .toArray();
    return standing === true;
  }

  async findByIds(ids: readonly string[]): Promise<OrganizationRecord[]> {
    if (ids.length === 0) return [];
    const docs = await this.#organizations.find({ _id: { $in: [...ids] } }).toArray();
    return docs.filter(isLive).map(toRecord);
  }

  async findByEmailDomain(domain: string): Promise<OrganizationRecord[]> {
    const docs = await this.#organizations
      .find({ emailDomains: domain.toLowerCase() }, { sort: { _id: 1 }, limit: MAX_BY_EMAIL_DOMAIN })
      .toArray();
    return docs.filter(isLive).map(toRecord);
  }

  async markDeleted(id: string, at: string): Promise<OrganizationRecord | null> {
    const doc = await this.#organizations.findOneAndUpdate(
      { _id: id, ...LIVE },
      { $set: { deletedAt: at } },
      { returnDocument: 'after' },
    );
    return doc ? toRecord(doc) : null;
  }

  async findDeleted(id: string): Promise<{ organization: OrganizationRecord; deletedAt: string } | null> {
    const doc = await this.#organizations.findOne({ _id: id });
    return doc?.deletedAt === undefined ? null : { organization: toRecord(doc), deletedAt: doc.deletedAt };
  }

  async listDeleted(limit: number): Promise<string[]> {
    const docs = await this.#organizations
      .find({ deletedAt: { $gt: '' } }, { sort: { deletedAt: 1, _id: 1 }, limit, projection: { _id: 1 } })
      .toArray();
    return docs.map((doc) => doc._id);
  }

  /** The record goes first: a crash before the claims are released leaves claims nothing points at, which the startup sweep releases. */
  async removeDeleted(id: string): Promise<void> {
    await this.#organizations.deleteOne({ _id: id, deletedAt: { $gt: '' } });
    await this.#claims.releaseAllBut(id, undefined);
  }

  /**
   * A change of the hostname runs the protocol of hostname-claims.ts: one change of an
   * organization's hostname at a time (Conflict for a second one at once), the new hostname
   * claimed before the organization points at it, every other claim released after.
   */
  async update(
    id: string,
    set: OrganizationUpdate,
    unset: ReadonlyArray<keyof OrganizationUpdate> = [],
  ): Promise<OrganizationRecord | null> {
    const fields = definedFields(set);
    const clears = unset.filter((key) => !(key in fields));
    if (Object.keys(fields).length === 0 && clears.length === 0) return this.findById(id);
    if (fields.hostname === undefined && !clears.includes('hostname'))
      return this.#apply({ _id: id, ...LIVE }, fields, clears);
    const before = await this.#organizations.findOne({ _id: id, ...LIVE });
    if (!before) return null;
    if (fields.hostname === before.hostname) {
      // Not a change of the hostname: the other fields only.
      const { hostname: _same, ...others } = fields;
      if (Object.keys(others).length === 0 && clears.length === 0) return toRecord(before);
      return this.#apply({ _id: id, ...LIVE }, others, clears);
    }
    return this.#changeHostname(id, fields, clears);
  }

  async #apply(
    filter: Filter<OrganizationDocument>,
    fields: OrganizationUpdate,
    clears: ReadonlyArray<keyof OrganizationUpdate>,
  ): Promise<OrganizationRecord | null> {
    const doc = await this.#organizations.findOneAndUpdate(filter, updateOf(fields, clears), {
      returnDocument: 'after',
    });
    return doc ? toRecord(doc) : null;
  }

  async #changeHostname(
    id: string,
    fields: OrganizationUpdate,
    clears: ReadonlyArray<keyof OrganizationUpdate>,
  ): Promise<OrganizationRecord | null> {
    const mark: HostnameChangeMark = { token: newToken(), startedAt: this.#now() };
    const current = await this.#mark(id, mark);
    if (!current) return null;
    const marked = { _id: id, ...markedBy(mark.token) } as Filter<OrganizationDocument>;
    let updated: OrganizationRecord | null;
    try {
      if (fields.hostname !== undefined && fields.hostname !== current.hostname)
        await this.#claims.claim(fields.hostname, id);
      updated = await this.#apply(marked, fields, clears);
      // The mark was taken over: this change stalled past the bound and was judged dead.
      if (!updated) throw conflict(HOSTNAME_CHANGE_UNDER_WAY);
      await this.#claims.releaseAllBut(id, updated.hostname);
    } catch (error) {
      // Give back what this change claimed, unless another change took the mark over.
      await this.#abandon(marked, id, current.hostname).catch(() => {
        // The store failed again: the mark goes stale and the next change repairs it.
      });
      throw error;
    }
    await this.#organizations.updateOne(marked, { $unset: { hostnameChange: '' } });
    return updated;
  }

  /** Marks the organization (step 1); null when it does not exist, Conflict when a change is under way. */
  async #mark(id: string, mark: HostnameChangeMark): Promise<HostnameHolder | null> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const unmarked = { _id: id, hostnameChange: null } as unknown as Filter<OrganizationDocument>;
      const marked = await this.#organizations.findOneAndUpdate(
        unmarked,
        { $set: { hostnameChange: mark } },
        { returnDocument: 'after' },
      );
      if (marked) return marked;
      const existing = await this.#organizations.findOne({ _id: id }, { projection: { hostnameChange: 1 } });
      if (!existing) return null;
      if (!existing.hostnameChange) continue; // the other change ended in between
      if (!this.#claims.isStale(existing.hostnameChange.startedAt)) throw conflict(HOSTNAME_CHANGE_UNDER_WAY);
      const taken = await this.#claims.takeOverMark(id, existing.hostnameChange, mark);
      if (taken) return taken;
    }
    throw conflict(HOSTNAME_CHANGE_UNDER_WAY);
  }

  async #abandon(
    marked: Filter<OrganizationDocument>,
    id: string,
    hostname: string | undefined,
  ): Promise<void> {
    const held = await this.#organizations.findOne(marked, { projection: { _id: 1 } });
    if (!held) return;
    await this.#claims.releaseAllBut(id, hostname);
    await this.#organizations.updateOne(marked, { $unset: { hostnameChange: '' } });
  }

  /**
   * The startup sweep of hostname claims (see `HostnameClaims.releaseAbandoned`): changes
   * marked and claims made before `staleBefore` that nothing points at are released.
   */
  releaseAbandonedHostnames(staleBefore: number): Promise<AbandonedRelease> {
    return this.#claims.releaseAbandoned(staleBefore);
  }

  async adjustCounts(id: string, by: { members?: number; admins?: number }): Promise<void> {
    const inc: Record<string, number> = {};
    if (by.members) inc.memberCount = by.members;
    if (by.admins) inc.adminCount = by.admins;
    if (Object.keys(inc).length === 0) return;
    await this.#organizations.updateOne({ _id: id }, { $inc: inc });
  }

  async decrementAdminCountKeepingOne(id: string): Promise<boolean> {
    const result = await this.#organizations.updateOne(
      { _id: id, adminCount: { $gt: 1 } },
      { $inc: { adminCount: -1 } },
    );
    return result.modifiedCount === 1;
  }
}
