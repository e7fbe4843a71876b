import type { ContentGrantRecord, ContentGrantRepository } from '@quire/domain';
import type { StoreCollection, StoreDatabase } from '../store/collection';
import { type CollectionIndexes, defineIndexes } from '../store/indexes';

const COLLECTION = 'contentGrants';

/**
 * A grant as stored; `_id` is `<target kind>:<target id>:<principal kind>:<principal id>`,
 * so a principal holds at most one role on a target.
 */
export interface ContentGrantDocument extends ContentGrantRecord {
  _id: string;
}

export const contentGrantIndexes: CollectionIndexes[] = [
  defineIndexes<ContentGrantDocument>(COLLECTION, [
    // The grants on one target (listing a space's or a collection's permissions).
    { key: { 'target.id': 1, _id: 1 } },
  ]),
];

export const contentGrantId = (grant: Pick<ContentGrantRecord, 'target' | 'principal'>): string =>
  `${grant.target.kind}:${grant.target.id}:${grant.principal.kind}:${grant.principal.id}`;

function toRecord({ _id, ...rest }: ContentGrantDocument): ContentGrantRecord {
  return rest;
}

export class MongoContentGrantRepository implements ContentGrantRepository {
  readonly #grants: StoreCollection<ContentGrantDocument>;

  constructor(db: StoreDatabase) {
    this.#grants = db.collection<ContentGrantDocument>(COLLECTION);
  }

  async findForPrincipals(
    _organizationId: string,
    targets: ReadonlyArray<ContentGrantRecord['target']>,
    userId: string,
    teamIds: readonly string[],
  ): Promise<ContentGrantRecord[]> {
    const principals = [
      { kind: 'user' as const, id: userId },
      ...teamIds.map((id) => ({ kind: 'team' as const, id })),
    ];
    const ids = targets.flatMap((target) =>
      principals.map((principal) => contentGrantId({ target, principal })),
    );
    if (ids.length === 0) return [];
    const docs = await this.#grants.find({ _id: { $in: ids } }).toArray();
    return docs.map(toRecord);
  }
}
