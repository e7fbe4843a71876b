import type {
  ContentGrantRecord,
  ContentGrantRepository,
  ContentPrincipal,
  ContentTarget,
  GrantOnTarget,
  PageRequest,
  Slice,
} from '@quire/domain';
import type { StoreCollection, StoreDatabase } from '@quire/store';
import { type CollectionIndexes, defineIndexes } from '@quire/store';
import { findPage } from '../find-page';

const COLLECTION = 'contentGrants';

/** Above this many (target, team) pairs, team grants are read by target rather than by id. */
const MAX_TEAM_PROBES = 60;

/**
 * A grant as stored; `_id` is `<target kind>:<target id>:<principal kind>:<principal id>`,
 * so a principal holds at most one role on a target, and the grants that could apply to a
 * person on a chain of targets are one `$in` on `_id`.
 */
export interface ContentGrantDocument extends ContentGrantRecord {
  _id: string;
}

export const contentGrantIndexes: CollectionIndexes[] = [
  defineIndexes<ContentGrantDocument>(COLLECTION, [
    // The grants on one target to users or to teams, oldest first (the permissions lists),
    // and every grant on a target (removal with the target: the prefix serves it).
    { key: { 'target.id': 1, 'principal.kind': 1, createdAt: 1, _id: 1 } },
    // A person's grants in an organization, by kind of target (members' space counts, and
    // what was shared with a guest).
    { key: { 'principal.id': 1, organizationId: 1, 'target.kind': 1 } },
  ]),
];

export const contentGrantId = (grant: Pick<ContentGrantRecord, 'target' | 'principal'>): string =>
  `${grant.target.kind}:${grant.target.id}:${grant.principal.kind}:${grant.principal.id}`;

function toRecord({ _id, ...rest }: ContentGrantDocument): ContentGrantRecord {
  return rest;
}

/** The access computation reads a grant's target, principal and role: the rest is not copied out. */
const GRANT_ON_TARGET = { _id: 0, target: 1, principal: 1, role: 1 } as const;

const toGrantOnTarget = (
  doc: Pick<ContentGrantDocument, 'target' | 'principal' | 'role'>,
): GrantOnTarget => ({
  target: doc.target,
  principal: doc.principal,
  role: doc.role,
});

export class MongoContentGrantRepository implements ContentGrantRepository {
  readonly #grants: StoreCollection<ContentGrantDocument>;

  constructor(db: StoreDatabase) {
    this.#grants = db.collection<ContentGrantDocument>(COLLECTION);
  }

  async findForPrincipals(
    _organizationId: string,
    targets: ReadonlyArray<ContentTarget>,
    userId: string,
    teamIds: readonly string[],
  ): Promise<GrantOnTarget[]> {
    if (targets.length === 0) return [];
    const user = { kind: 'user' as const, id: userId };
    const teams = teamIds.map((id) => ({ kind: 'team' as const, id }));
    if (targets.length * teams.length <= MAX_TEAM_PROBES) {
      const ids = targets.flatMap((target) =>
        [user, ...teams].map((principal) => contentGrantId({ target, principal })),
      );
      return (await this.#grants.find({ _id: { $in: ids } }, { projection: GRANT_ON_TARGET }).toArray()).map(
        toGrantOnTarget,
      );
    }
    // A person in many teams: probing every (target, team) pair would cost more than
    // reading the team grants on the targets (teams per organization are few) and keeping
    // those of the person's teams.
    const [userGrants, teamGrants] = await Promise.all([
      this.#grants
        .find(
          { _id: { $in: targets.map((target) => contentGrantId({ target, principal: user })) } },
          { projection: GRANT_ON_TARGET },
        )
        .toArray(),
      this.#grants
        .find(
          { 'target.id': { $in: targets.map((target) => target.id) }, 'principal.kind': 'team' },
          { projection: GRANT_ON_TARGET },
        )
        .toArray(),
    ]);
    const kindOf = new Map(targets.map((target) => [target.id, target.kind]));
    const inTeam = new Set(teamIds);
    const applying = teamGrants.filter(
      (grant) => kindOf.get(grant.target.id) === grant.target.kind && inTeam.has(grant.principal.id),
    );
    return [...userGrants, ...applying].map(toGrantOnTarget);
  }

  async put(grant: ContentGrantRecord): Promise<boolean> {
    const { createdAt, ...identity } = grant;
    const result = await this.#grants.updateOne(
      { _id: contentGrantId(grant) },
      { $set: { ...identity }, $setOnInsert: { createdAt } },
      { upsert: true },
    );
    return result.upsertedCount > 0;
  }

  async remove(target: ContentTarget, principal: ContentPrincipal): Promise<boolean> {
    const result = await this.#grants.deleteOne({ _id: contentGrantId({ target, principal }) });
    return result.deletedCount > 0;
  }

  listForTarget(
    target: ContentTarget,
    principalKind: ContentPrincipal['kind'],
    page: PageRequest,
  ): Promise<Slice<ContentGrantRecord>> {
    return findPage(
      this.#grants,
      { 'target.id': target.id, 'principal.kind': principalKind, 'target.kind': target.kind },
      { field: 'createdAt', direction: 1 },
      page,
      toRecord,
    );
  }

  async listTargetsGrantedTo(
    organizationId: string,
    principals: ReadonlyArray<ContentPrincipal>,
  ): Promise<ContentTarget[]> {
    if (principals.length === 0) return [];
    const docs = await this.#grants
      .find(
        { 'principal.id': { $in: principals.map((principal) => principal.id) }, organizationId },
        { projection: { _id: 0, target: 1, principal: 1 } },
      )
      .toArray();
    // A user and a team never share an id, but the kind is the principal's as much as its id.
    const asked = new Set(principals.map((principal) => `${principal.kind}:${principal.id}`));
    return docs
      .filter((doc) => asked.has(`${doc.principal.kind}:${doc.principal.id}`))
      .map((doc) => doc.target);
  }

  async countSpaceGrantsOfUsers(
    organizationId: string,
    userIds: readonly string[],
  ): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    if (userIds.length === 0) return counts;
    const docs = await this.#grants
      .find(
        {
          'principal.id': { $in: [...userIds] },
          organizationId,
          'target.kind': 'space',
          'principal.kind': 'user',
        },
        { projection: { 'principal.id': 1 } },
      )
      .toArray();
    for (const doc of docs) counts.set(doc.principal.id, (counts.get(doc.principal.id) ?? 0) + 1);
    return counts;
  }

  countForTarget(target: ContentTarget, principalKind: ContentPrincipal['kind']): Promise<number> {
    return this.#grants.countDocuments({
      'target.id': target.id,
      'principal.kind': principalKind,
      'target.kind': target.kind,
    });
  }

  async removeForTargets(targets: ReadonlyArray<ContentTarget>): Promise<void> {
    if (targets.length === 0) return;
    await this.#grants.deleteMany({
      $or: targets.map((target) => ({ 'target.id': target.id, 'target.kind': target.kind })),
    });
  }
}
