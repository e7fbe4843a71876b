import type {
  PageRequest,
  Slice,
  TeamListQuery,
  TeamMembershipRecord,
  TeamOfMember,
  TeamRecord,
  TeamRepository,
} from '@quire/domain';
import type { Filter, StoreCollection, StoreDatabase } from '@quire/store';
import { type CollectionIndexes, defineIndexes, isDuplicateKeyError } from '@quire/store';
import { findPage } from '../find-page';
import { literalPattern } from '../literal-pattern';
import { MemberTeamIds } from './member-repository';

const TEAMS = 'teams';
const MEMBERSHIPS = 'teamMemberships';

/** A team as stored; `_id` is the team's id (time-ordered: by id is by creation). */
export interface TeamDocument extends Omit<TeamRecord, 'id'> {
  _id: string;
}

/**
 * A membership as stored. `_id` is `${teamId}:${userId}`: one membership per person and
 * team by construction, found and replaced by key.
 */
export interface TeamMembershipDocument extends TeamMembershipRecord {
  _id: string;
}

export const teamIndexes: CollectionIndexes[] = [
  defineIndexes<TeamDocument>(TEAMS, [
    // Team lists of an organization, in creation order.
    { key: { organizationId: 1, _id: 1 } },
  ]),
  defineIndexes<TeamMembershipDocument>(MEMBERSHIPS, [
    // A team's members, in the order they joined.
    { key: { teamId: 1, addedAt: 1, _id: 1 } },
    // A person's teams in one organization (or several: ownership across organizations).
    { key: { userId: 1, organizationId: 1 } },
  ]),
];

const membershipId = (teamId: string, userId: string): string => `${teamId}:${userId}`;

const toTeam = ({ _id, ...rest }: TeamDocument): TeamRecord => ({ id: _id, ...rest });
const toTeamDocument = ({ id, ...rest }: TeamRecord): TeamDocument => ({ _id: id, ...rest });
const toMembership = ({ _id, ...rest }: TeamMembershipDocument): TeamMembershipRecord => rest;

function teamFilterOf(organizationId: string, query: TeamListQuery): Filter<TeamDocument> {
  const filter: Filter<TeamDocument> = { organizationId };
  if (query.title) filter.title = { $regex: literalPattern(query.title), $options: 'i' };
  if (query.teamIds) filter._id = { $in: [...query.teamIds] };
  return filter;
}

/**
 * Teams and their memberships, in two collections. A team keeps its member count, moved by
 * `$inc` exactly when a membership is inserted or deleted (the write that changed something
 * is the one that counts), so lists need not count.
 *
 * Each organization membership carries the ids of its teams (`teamIds`) and of those it
 * owns (`ownedTeamIds`), so permissions and member lists need no join. There are no
 * transactions: those ids are added BEFORE the team membership is written and removed
 * AFTER it is deleted (or demoted), so a crash between the two writes leaves at worst an
 * extra id: a team counted that the member has just left or that was just deleted, or
 * `ownTeam` kept by someone just demoted, until the next change of that membership or a
 * retried removal (removals pull the ids even when nothing was left to delete). Two
 * requests racing on the same person and team (add against remove, or two role changes)
 * can also leave the ids one change behind the membership, in either direction, until
 * its next change.
 */
export class MongoTeamRepository implements TeamRepository {
  readonly #teams: StoreCollection<TeamDocument>;
  readonly #memberships: StoreCollection<TeamMembershipDocument>;
  readonly #memberTeamIds: MemberTeamIds;

  constructor(db: StoreDatabase) {
    this.#teams = db.collection<TeamDocument>(TEAMS);
    this.#memberships = db.collection<TeamMembershipDocument>(MEMBERSHIPS);
    this.#memberTeamIds = new MemberTeamIds(db);
  }

  async ownsAnyTeam(organizationId: string, userId: string): Promise<boolean> {
    const owned = await this.#memberships.countDocuments(
      { userId, organizationId, role: 'owner' },
      { limit: 1 },
    );
    return owned > 0;
  }

  async insert(team: TeamRecord): Promise<void> {
    await this.#teams.insertOne(toTeamDocument(team));
  }

  async findById(organizationId: string, teamId: string): Promise<TeamRecord | null> {
    const doc = await this.#teams.findOne({ _id: teamId, organizationId });
    return doc ? toTeam(doc) : null;
  }

  async findByIds(organizationId: string, teamIds: readonly string[]): Promise<TeamRecord[]> {
    if (teamIds.length === 0) return [];
    const docs = await this.#teams.find({ _id: { $in: [...teamIds] }, organizationId }).toArray();
    return docs.map(toTeam);
  }

  async findByIdsInAnyOrganization(teamIds: readonly string[]): Promise<TeamRecord[]> {
    if (teamIds.length === 0) return [];
    const docs = await this.#teams.find({ _id: { $in: [...teamIds] } }).toArray();
    return docs.map(toTeam);
  }

  list(organizationId: string, query: TeamListQuery, page: PageRequest): Promise<Slice<TeamRecord>> {
    return findPage(this.#teams, teamFilterOf(organizationId, query), { direction: 1 }, page, toTeam);
  }

  count(organizationId: string, query: TeamListQuery): Promise<number> {
    return this.#teams.countDocuments(teamFilterOf(organizationId, query));
  }

  async updateTitle(organizationId: string, teamId: string, title: string): Promise<TeamRecord | null> {
    const doc = await this.#teams.findOneAndUpdate(
      { _id: teamId, organizationId },
      { $set: { title } },
      { returnDocument: 'after' },
    );
    return doc ? toTeam(doc) : null;
  }

  async delete(organizationId: string, teamId: string): Promise<boolean> {
    const result = await this.#teams.deleteOne({ _id: teamId, organizationId });
    // Also when the team was already gone: memberships left by a deletion that stopped half-way.
    await this.#memberships.deleteMany({ teamId, organizationId });
    await this.#memberTeamIds.removeFromAll(organizationId, teamId);
    return result.deletedCount === 1;
  }

  async findMembership(
    organizationId: string,
    teamId: string,
    userId: string,
  ): Promise<TeamMembershipRecord | null> {
    const doc = await this.#memberships.findOne({ _id: membershipId(teamId, userId), organizationId });
    return doc ? toMembership(doc) : null;
  }

  async listMembershipsOfUser(
    organizationId: string,
    userId: string,
    teamIds?: readonly string[],
  ): Promise<TeamMembershipRecord[]> {
    const filter: Filter<TeamMembershipDocument> = { userId, organizationId };
    if (teamIds) filter.teamId = { $in: [...teamIds] };
    const docs = await this.#memberships.find(filter).toArray();
    return docs.map(toMembership);
  }

  listMemberships(
    organizationId: string,
    teamId: string,
    page: PageRequest,
  ): Promise<Slice<TeamMembershipRecord>> {
    return findPage(
      this.#memberships,
      { teamId, organizationId },
      { field: 'addedAt', direction: 1 },
      page,
      toMembership,
    );
  }

  async putMembership(membership: TeamMembershipRecord): Promise<boolean> {
    const { organizationId, teamId, userId, role } = membership;
    const owner = role === 'owner';
    // Ids first: a crash before the membership is written leaves an extra id, never a missing one.
    await this.#memberTeamIds.add(organizationId, userId, teamId, owner);
    const added = await this.#writeMembership(membership);
    // A demotion takes ownership off only once the membership says so.
    if (!owner) await this.#memberTeamIds.disown(organizationId, userId, teamId);
    return added;
  }

  /** Inserts the membership or sets its role; true when inserted (the team's count follows). */
  async #writeMembership(membership: TeamMembershipRecord): Promise<boolean> {
    const _id = membershipId(membership.teamId, membership.userId);
    const updated = await this.#memberships.updateOne({ _id }, { $set: { role: membership.role } });
    if (updated.matchedCount > 0) return false;
    try {
      await this.#memberships.insertOne({ _id, ...membership });
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
      // Added by a concurrent request meanwhile: this one only sets the role.
      await this.#memberships.updateOne({ _id }, { $set: { role: membership.role } });
      return false;
    }
    await this.#teams.updateOne(
      { _id: membership.teamId, organizationId: membership.organizationId },
      { $inc: { memberCount: 1 } },
    );
    return true;
  }

  async removeMembership(organizationId: string, teamId: string, userId: string): Promise<boolean> {
    const result = await this.#memberships.deleteOne({ _id: membershipId(teamId, userId), organizationId });
    const removed = result.deletedCount === 1;
    if (removed) await this.#teams.updateOne({ _id: teamId, organizationId }, { $inc: { memberCount: -1 } });
    // Ids last, and also when nothing was deleted: this repairs ids left by a crash.
    await this.#memberTeamIds.remove(organizationId, userId, teamId);
    return removed;
  }

  async listTeamsOfMember(
    organizationId: string,
    userId: string,
    query: Pick<TeamListQuery, 'title'>,
    page: PageRequest,
  ): Promise<Slice<TeamOfMember>> {
    // A person is in few teams: their memberships are read whole, and the teams paged.
    const memberships = await this.listMembershipsOfUser(organizationId, userId);
    const roleOf = new Map(memberships.map((m) => [m.teamId, m.role]));
    const filter = teamFilterOf(organizationId, { ...query, teamIds: [...roleOf.keys()] });
    return findPage(this.#teams, filter, { direction: 1 }, page, (doc) => ({
      team: toTeam(doc),
      role: roleOf.get(doc._id) ?? 'member',
    }));
  }

  async countTeamsOfMember(
    organizationId: string,
    userId: string,
    query: Pick<TeamListQuery, 'title'>,
  ): Promise<number> {
    const memberships = await this.listMembershipsOfUser(organizationId, userId);
    if (memberships.length === 0) return 0;
    return this.#teams.countDocuments(
      teamFilterOf(organizationId, { ...query, teamIds: memberships.map((m) => m.teamId) }),
    );
  }

  async removeMemberFromAllTeams(organizationId: string, userId: string): Promise<void> {
    const memberships = await this.listMembershipsOfUser(organizationId, userId);
    // One by one, so each team's count drops exactly when its membership is deleted.
    for (const membership of memberships)
      await this.removeMembership(organizationId, membership.teamId, userId);
  }
}
