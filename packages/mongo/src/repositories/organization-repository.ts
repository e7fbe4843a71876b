import {
  conflict,
  type OrganizationRecord,
  type OrganizationRepository,
  type OrganizationUpdate,
} from '@quire/domain';
import {
  isDuplicateKeyError,
  type StoreCollection,
  type StoreDatabase,
  type UpdateFilter,
} from '../store/collection';
import { type CollectionIndexes, defineIndexes } from '../store/indexes';
import { definedFields } from './defined-fields';

const ORGANIZATIONS = 'organizations';
/**
 * Hostnames are unique across the instance but optional. A unique index on an optional
 * field would treat every organization without one as holding `null` (so only one could
 * exist) and the store's index options have no partial filter, so each hostname in use is
 * claimed by a document of its own, keyed by the hostname.
 */
const HOSTNAMES = 'organizationHostnames';

/** Email-domain lookups scan this many organizations at most. */
const MAX_BY_EMAIL_DOMAIN = 100;

export interface OrganizationDocument extends Omit<OrganizationRecord, 'id'> {
  _id: string;
}

/** A hostname in use: `_id` is the hostname (unique by construction), held by one organization. */
export interface OrganizationHostnameDocument {
  _id: string;
  organizationId: string;
}

export const organizationIndexes: CollectionIndexes[] = [
  // `findByEmailDomain` (a multikey index over the array of domains).
  defineIndexes<OrganizationDocument>(ORGANIZATIONS, [{ key: { emailDomains: 1, _id: 1 } }]),
  // An organization's claims, to find what it holds.
  defineIndexes<OrganizationHostnameDocument>(HOSTNAMES, [{ key: { organizationId: 1 } }]),
];

const HOSTNAME_TAKEN = 'This hostname is already used by another organization';

function toRecord({ _id, ...rest }: OrganizationDocument): OrganizationRecord {
  return { id: _id, ...rest };
}

function toDocument({ id, ...rest }: OrganizationRecord): OrganizationDocument {
  return { _id: id, ...rest };
}

export class MongoOrganizationRepository implements OrganizationRepository {
  readonly #organizations: StoreCollection<OrganizationDocument>;
  readonly #hostnames: StoreCollection<OrganizationHostnameDocument>;

  constructor(db: StoreDatabase) {
    this.#organizations = db.collection<OrganizationDocument>(ORGANIZATIONS);
    this.#hostnames = db.collection<OrganizationHostnameDocument>(HOSTNAMES);
  }

  /**
   * Claims a hostname for an organization; Conflict when another holds it. A claim the same
   * organization holds already (left by an interrupted update) is its own to reuse.
   */
  async #claimHostname(hostname: string, organizationId: string): Promise<void> {
    try {
      await this.#hostnames.insertOne({ _id: hostname, organizationId });
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
      const holder = await this.#hostnames.findOne({ _id: hostname });
      if (holder?.organizationId !== organizationId) throw conflict(HOSTNAME_TAKEN);
    }
  }

  async #releaseHostname(hostname: string, organizationId: string): Promise<void> {
    await this.#hostnames.deleteOne({ _id: hostname, organizationId });
  }

  async insert(organization: OrganizationRecord): Promise<void> {
    const { hostname } = organization;
    if (hostname) await this.#claimHostname(hostname, organization.id);
    try {
      await this.#organizations.insertOne(toDocument(organization));
    } catch (error) {
      if (hostname) await this.#releaseHostname(hostname, organization.id);
      if (isDuplicateKeyError(error)) throw conflict('An organization with this id already exists');
      throw error;
    }
  }

  async findById(id: string): Promise<OrganizationRecord | null> {
    const doc = await this.#organizations.findOne({ _id: id });
    return doc ? toRecord(doc) : null;
  }

  async findByIds(ids: readonly string[]): Promise<OrganizationRecord[]> {
    if (ids.length === 0) return [];
    const docs = await this.#organizations.find({ _id: { $in: [...ids] } }).toArray();
    return docs.map(toRecord);
  }

  async findByEmailDomain(domain: string): Promise<OrganizationRecord[]> {
    const docs = await this.#organizations
      .find({ emailDomains: domain.toLowerCase() }, { sort: { _id: 1 }, limit: MAX_BY_EMAIL_DOMAIN })
      .toArray();
    return docs.map(toRecord);
  }

  /**
   * A new hostname is claimed before the organization points at it and the previous one is
   * released after, so at no moment do two organizations hold one hostname.
   */
  async update(
    id: string,
    set: OrganizationUpdate,
    unset: ReadonlyArray<keyof OrganizationUpdate> = [],
  ): Promise<OrganizationRecord | null> {
    const fields = definedFields(set);
    const clears = unset.filter((key) => !(key in fields));
    if (Object.keys(fields).length === 0 && clears.length === 0) return this.findById(id);
    const touchesHostname = fields.hostname !== undefined || clears.includes('hostname');
    const before = touchesHostname ? await this.findById(id) : null;
    if (touchesHostname && !before) return null;
    const claimed =
      fields.hostname !== undefined && fields.hostname !== before?.hostname ? fields.hostname : undefined;
    if (claimed) await this.#claimHostname(claimed, id);

    const update: UpdateFilter<OrganizationDocument> = {};
    if (Object.keys(fields).length > 0) update.$set = fields;
    if (clears.length > 0) update.$unset = Object.fromEntries(clears.map((key) => [key, '']));
    let doc: OrganizationDocument | null;
    try {
      doc = await this.#organizations.findOneAndUpdate({ _id: id }, update, { returnDocument: 'after' });
    } catch (error) {
      if (claimed) await this.#releaseHostname(claimed, id);
      throw error;
    }
    if (!doc) {
      if (claimed) await this.#releaseHostname(claimed, id);
      return null;
    }
    if (before?.hostname && before.hostname !== doc.hostname)
      await this.#releaseHostname(before.hostname, id);
    return toRecord(doc);
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
