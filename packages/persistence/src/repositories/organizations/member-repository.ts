import type {
  MemberFilter,
  MemberListQuery,
  MemberRecord,
  MemberRepository,
  PageRequest,
  RoleOrGuest,
  Slice,
} from '@quire/domain';
import type { Filter, StoreCollection, StoreDatabase } from '@quire/store';
import { type CollectionIndexes, defineIndexes } from '@quire/store';
import { definedFields } from '../defined-fields';
import { translateDuplicateKey } from '../duplicate-key';
import { findPage } from '../find-page';
import { literalPattern } from '../literal-pattern';

const COLLECTION = 'members';

/**
 * A membership as stored. `_id` is `${organizationId}:${userId}`: one membership per user
 * and organization by construction, found by key, and (ids being time-ordered) a user's
 * memberships sort by `_id` in the order their organizations were created.
 */
export interface MemberDocument extends Omit<MemberRecord, 'teamIds' | 'ownedTeamIds'> {
  _id: string;
  /** Absent from documents written before teams were carried (read as none). */
  teamIds?: string[];
  ownedTeamIds?: string[];
}

export const memberIndexes: CollectionIndexes[] = [
  defineIndexes<MemberDocument>(COLLECTION, [
    // Member lists, by either sort, in either direction.
    { key: { organizationId: 1, joinedAt: 1, _id: 1 } },
    { key: { organizationId: 1, lastSeenAt: 1, _id: 1 } },
    // Member lists filtered by role.
    { key: { organizationId: 1, role: 1, joinedAt: 1, _id: 1 } },
    // A user's organizations.
    { key: { userId: 1, _id: 1 } },
  ]),
];

const memberId = (organizationId: string, userId: string): string => `${organizationId}:${userId}`;

/**
 * The record of a membership document, field by field. Documents written before the team
 * ids were carried lack them: none. The record keeps no object or array of the document (the
 * user copy and the team ids are copied), so lists read it as the store's own view, without
 * a copy of each document (`RowAccess`, a page of 100 members: about 30 us less); it is
 * built as one literal because a rest pattern dropping `_id` copied the document again. The
 * persistence test of this file reads back a membership with every field
 * (`Required<MemberRecord>`), so a field added to the record and not taken here fails it.
 */
function toRecord(doc: MemberDocument): MemberRecord {
  const user: MemberRecord['user'] = { displayName: doc.user.displayName, email: doc.user.email };
  if (doc.user.photoURL !== undefined) user.photoURL = doc.user.photoURL;
  const record: MemberRecord = {
    organizationId: doc.organizationId,
    userId: doc.userId,
    role: doc.role,
    disabled: doc.disabled,
    sso: doc.sso,
    joinedAt: doc.joinedAt,
    user,
    teamIds: doc.teamIds ? doc.teamIds.slice() : [],
    ownedTeamIds: doc.ownedTeamIds ? doc.ownedTeamIds.slice() : [],
  };
  if (doc.lastSeenAt !== undefined) record.lastSeenAt = doc.lastSeenAt;
  return record;
}

function toDocument(member: MemberRecord): MemberDocument {
  return { _id: memberId(member.organizationId, member.userId), ...member };
}

function filterOf(organizationId: string, query: MemberFilter): Filter<MemberDocument> {
  const filter: Filter<MemberDocument> = { organizationId };
  if (query.role !== undefined) filter.role = query.role;
  if (query.search) {
    const pattern = { $regex: literalPattern(query.search), $options: 'i' };
    filter.$or = [{ 'user.displayName': pattern }, { 'user.email': pattern }];
  }
  // Sorting by last activity lists the members who were active at least once.
  if (query.sort === 'lastSeenAt') filter.lastSeenAt = { $exists: true };
  return filter;
}

/**
 * The team ids a membership carries (`teamIds`, `ownedTeamIds`), written by the team
 * repository as team memberships change; the order of those writes is its concern (see
 * there). A membership that does not exist (the user left) is left alone.
 */
export class MemberTeamIds {
  readonly #members: StoreCollection<MemberDocument>;

  constructor(db: StoreDatabase) {
    this.#members = db.collection<MemberDocument>(COLLECTION);
  }

  /** Adds the team to the member's teams, and to their owned teams when `owner`. */
  async add(organizationId: string, userId: string, teamId: string, owner: boolean): Promise<void> {
    await this.#members.updateOne(
      { _id: memberId(organizationId, userId) },
      { $addToSet: owner ? { teamIds: teamId, ownedTeamIds: teamId } : { teamIds: teamId } },
    );
  }

  /** Takes the team off the member's owned teams only (they stay in it). */
  async disown(organizationId: string, userId: string, teamId: string): Promise<void> {
    await this.#members.updateOne(
      { _id: memberId(organizationId, userId) },
      { $pull: { ownedTeamIds: teamId } },
    );
  }

  /** Takes the team off the member's teams and owned teams. */
  async remove(organizationId: string, userId: string, teamId: string): Promise<void> {
    await this.#members.updateOne(
      { _id: memberId(organizationId, userId) },
      { $pull: { teamIds: teamId, ownedTeamIds: teamId } },
    );
  }

  /** Takes a (deleted) team off every member of the organization carrying it. */
  async removeFromAll(organizationId: string, teamId: string): Promise<void> {
    await this.#members.updateMany(
      { organizationId, teamIds: teamId },
      { $pull: { teamIds: teamId, ownedTeamIds: teamId } },
    );
  }
}

export class MongoMemberRepository implements MemberRepository {
  readonly #members: StoreCollection<MemberDocument>;

  constructor(db: StoreDatabase) {
    this.#members = db.collection<MemberDocument>(COLLECTION);
  }

  async insert(member: MemberRecord): Promise<void> {
    await translateDuplicateKey(
      () => this.#members.insertOne(toDocument(member)),
      'This user is already a member of the organization',
    );
  }

  async find(organizationId: string, userId: string): Promise<MemberRecord | null> {
    // Read on every request to an organization (its authorization): `toRecord` copies what it
    // keeps from the stored document itself, so no copy of the whole document is made first.
    const [record] = await this.#members
      .find({ _id: memberId(organizationId, userId) }, { limit: 1 })
      .map(toRecord)
      .toArray();
    return record ?? null;
  }

  async findMany(organizationId: string, userIds: readonly string[]): Promise<MemberRecord[]> {
    if (userIds.length === 0) return [];
    const ids = userIds.map((userId) => memberId(organizationId, userId));
    const docs = await this.#members.find({ _id: { $in: ids } }).toArray();
    return docs.map(toRecord);
  }

  async findForUser(userId: string, organizationIds: readonly string[]): Promise<MemberRecord[]> {
    if (organizationIds.length === 0) return [];
    const ids = organizationIds.map((organizationId) => memberId(organizationId, userId));
    const docs = await this.#members.find({ _id: { $in: ids } }).toArray();
    return docs.map(toRecord);
  }

  list(organizationId: string, query: MemberListQuery, page: PageRequest): Promise<Slice<MemberRecord>> {
    return findPage(
      this.#members,
      filterOf(organizationId, query),
      { field: query.sort, direction: query.order === 'asc' ? 1 : -1 },
      page,
      toRecord,
      'view',
    );
  }

  count(organizationId: string, filter: MemberFilter): Promise<number> {
    return this.#members.countDocuments(filterOf(organizationId, filter));
  }

  listMembershipsOfUser(userId: string, page: PageRequest): Promise<Slice<MemberRecord>> {
    return findPage(this.#members, { userId, disabled: false }, { direction: 1 }, page, toRecord, 'view');
  }

  countMembershipsOfUser(userId: string): Promise<number> {
    return this.#members.countDocuments({ userId, disabled: false });
  }

  async update(
    organizationId: string,
    userId: string,
    set: Partial<Pick<MemberRecord, 'disabled' | 'sso' | 'lastSeenAt'>>,
  ): Promise<MemberRecord | null> {
    const fields = definedFields(set);
    if (Object.keys(fields).length === 0) return this.find(organizationId, userId);
    const doc = await this.#members.findOneAndUpdate(
      { _id: memberId(organizationId, userId) },
      { $set: fields },
      { returnDocument: 'after' },
    );
    return doc ? toRecord(doc) : null;
  }

  async updateRoleIf(
    organizationId: string,
    userId: string,
    expected: RoleOrGuest,
    role: RoleOrGuest,
  ): Promise<MemberRecord | null> {
    const doc = await this.#members.findOneAndUpdate(
      { _id: memberId(organizationId, userId), role: expected },
      { $set: { role } },
      { returnDocument: 'after' },
    );
    return doc ? toRecord(doc) : null;
  }

  async updateUserCopies(userId: string, user: MemberRecord['user']): Promise<void> {
    await this.#members.updateMany({ userId }, { $set: { user: { ...user } } });
  }

  async deleteIf(organizationId: string, userId: string, expected: RoleOrGuest): Promise<boolean> {
    const result = await this.#members.deleteOne({ _id: memberId(organizationId, userId), role: expected });
    return result.deletedCount === 1;
  }
}
