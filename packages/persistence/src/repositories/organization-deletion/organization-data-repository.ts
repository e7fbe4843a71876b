/**
 * The data of a deleted organization, removed in batches (the `organization.purge` job). The
 * store has no multi-document write, so the purge is ordered instead: what is held goes
 * before what holds it (a space's revisions, change requests, reviews, comments and path
 * redirects, then its grants and counters, then the space), so a purge stopped anywhere
 * finds the rest again from the organization's id and finishes it. Each batch is one find of
 * at most `limit` ids and one delete of those ids.
 *
 * Not here: the users (they stay, members of their other organizations), the organization's
 * own record (the job removes it last, which frees its hostname), and the bytes of files and
 * content objects, which are content-addressed and shared across spaces and organizations.
 */
import type { OrganizationDataRepository, OrganizationPurgeBatch } from '@quire/domain';
import type { CollectionIndexes, Filter, StoreDatabase } from '@quire/store';

type Doc = { _id: string };

/** A kind of record that belongs to a parent (a space, a site...), found by the parent's id. */
interface OwnedBy {
  collection: string;
  filterOf: (parentId: string) => Filter<Doc>;
}

/** One part of the purge: removes up to `limit` documents of it; 0 when it is done. */
interface PurgePart {
  name: string;
  step: (organizationId: string, keepJobId: string, limit: number) => Promise<number>;
}

const bySpace = (collection: string): OwnedBy => ({
  collection,
  filterOf: (spaceId) => ({ spaceId }) as Filter<Doc>,
});

const byField =
  (field: string) =>
  (collection: string): OwnedBy => ({ collection, filterOf: (id) => ({ [field]: id }) as Filter<Doc> });

const bySite = byField('siteId');
const bySpec = byField('specId');

// Grants on a space or a collection are found by their target (`target.id` leads an index).
const grantsOn: OwnedBy = {
  collection: 'contentGrants',
  filterOf: (id) => ({ 'target.id': id }) as Filter<Doc>,
};

/**
 * What a space holds, children before parents: removed before the space by the organization's
 * purge and by the purge of deleted spaces (`purgeSpaceBatch`).
 */
const SPACE_HELD: readonly OwnedBy[] = [
  bySpace('commentReplies'),
  bySpace('comments'),
  bySpace('changeRequestReviews'),
  bySpace('changeRequestReviewers'),
  bySpace('reviewNotifications'),
  bySpace('changeRequests'),
  bySpace('spacePathRedirects'),
  bySpace('revisions'),
  grantsOn,
  { collection: 'mergeRules', filterOf: (id) => ({ _id: `space/${id}` }) },
  { collection: 'changeRequestNumbers', filterOf: (id) => ({ _id: id }) },
];

/** The organization's own kinds of records, found by `organizationId`. */
const ORGANIZATION_KEYED = [
  'members',
  'inviteLinks',
  'invitations',
  'samlProviders',
  'oidcProviders',
  'oidcLoginStates',
  'translations',
  'gitSync',
  'customHostnames',
  'proxyHostClaims',
  'reviewNotifications',
  'contentGrants',
  'webhookDeliveries',
  'webhookEndpoints',
  // Its audit trail goes with it: no one could read it any more (an instance's own log of who
  // deleted which organization would be the place to keep that).
  'auditEvents',
] as const;

export class MongoOrganizationDataRepository implements OrganizationDataRepository {
  readonly #db: StoreDatabase;
  readonly #parts: readonly PurgePart[];

  constructor(db: StoreDatabase) {
    this.#db = db;
    this.#parts = [
      this.#owned('spaces', SPACE_HELD),
      this.#owned('collections', [grantsOn]),
      this.#owned('sites', [
        bySite('siteRedirects'),
        bySite('siteInsightsCounters'),
        bySite('siteInsightsComments'),
      ]),
      this.#owned('openApiSpecs', [
        bySpec('openApiVersionContentChunks'),
        bySpec('openApiVersionContents'),
        bySpec('openApiVersions'),
      ]),
      this.#owned('teams', [byField('teamId')('teamMemberships')]),
      ...ORGANIZATION_KEYED.map(
        (collection): PurgePart => ({
          name: collection,
          step: (organizationId, _keep, limit) => this.#removeSome(collection, { organizationId }, limit),
        }),
      ),
      {
        name: 'jobs',
        step: (organizationId, keepJobId, limit) =>
          this.#removeSome('jobs', { organizationId, _id: { $ne: keepJobId } }, limit),
      },
      {
        name: 'counters and locks',
        step: async (organizationId) =>
          (await this.#removeSome('treeLocks', { _id: organizationId }, 1)) +
          (await this.#removeSome('spaceCounts', { _id: organizationId }, 1)) +
          (await this.#removeSome('mergeRules', { _id: `organization/${organizationId}` }, 1)),
      },
    ];
  }

  async purgeBatch(
    organizationId: string,
    keepJobId: string,
    limit: number,
  ): Promise<OrganizationPurgeBatch | null> {
    for (const [partIndex, part] of this.#parts.entries()) {
      const removed = await part.step(organizationId, keepJobId, limit);
      if (removed > 0) return { part: part.name, removed, partIndex, parts: this.#parts.length };
    }
    return null;
  }

  async purgeSpaceBatch(spaceId: string, limit: number): Promise<number> {
    for (const owned of SPACE_HELD) {
      const removed = await this.#removeSome(owned.collection, owned.filterOf(spaceId), limit);
      if (removed > 0) return removed;
    }
    return 0;
  }

  /**
   * A part of parents of the organization (spaces, sites...): one parent at a time, what it
   * holds first, kind by kind, then the parent itself.
   */
  #owned(collection: string, held: readonly OwnedBy[]): PurgePart {
    return {
      name: collection,
      step: async (organizationId, _keep, limit) => {
        const parents = this.#db.collection<Doc>(collection);
        const parent = await parents.findOne({ organizationId } as Filter<Doc>, { projection: { _id: 1 } });
        if (!parent) return 0;
        for (const owned of held) {
          const removed = await this.#removeSome(owned.collection, owned.filterOf(parent._id), limit);
          if (removed > 0) return removed;
        }
        return (await parents.deleteOne({ _id: parent._id })).deletedCount;
      },
    };
  }

  async #removeSome(collection: string, filter: Filter<Doc>, limit: number): Promise<number> {
    const documents = this.#db.collection<Doc>(collection);
    const some = await documents.find(filter, { projection: { _id: 1 }, limit }).toArray();
    if (some.length === 0) return 0;
    const ids = some.map((doc) => doc._id);
    await documents.deleteMany({ _id: { $in: ids } } as Filter<Doc>);
    return ids.length;
  }
}

/** No index of its own: each part reads through the owning repositories' indexes. */
export const organizationDataIndexes: CollectionIndexes[] = [];
