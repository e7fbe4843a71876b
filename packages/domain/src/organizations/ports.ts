import type { PageRequest, Slice } from '../core/paging';
import type { RoleOrGuest } from '../core/schemas';
import type { MemberRecord, OrganizationRecord } from './records';

/** The fields an update may set; counters change only through `adjustCounts` and friends. */
export type OrganizationUpdate = Partial<
  Omit<OrganizationRecord, 'id' | 'createdAt' | 'memberCount' | 'adminCount'>
>;

export interface OrganizationRepository {
  /** Raises a Conflict DomainError when the hostname is taken. */
  insert(organization: OrganizationRecord): Promise<void>;
  findById(id: string): Promise<OrganizationRecord | null>;
  /** Whether the organization is stored and not deleted: `findById`'s answer without copying the record. */
  isStanding(id: string): Promise<boolean>;
  findByIds(ids: readonly string[]): Promise<OrganizationRecord[]>;
  /** Organizations whose `emailDomains` hold the domain (lower case), oldest first. */
  findByEmailDomain(domain: string): Promise<OrganizationRecord[]>;
  /**
   * Sets the fields of `set` and removes the fields named in `unset`; returns the updated
   * record, or null when it does not exist. Raises Conflict when the hostname is taken.
   */
  update(
    id: string,
    set: OrganizationUpdate,
    unset?: ReadonlyArray<keyof OrganizationUpdate>,
  ): Promise<OrganizationRecord | null>;
  /** Adds to the member and admin counters (negative to remove), atomically. */
  adjustCounts(id: string, by: { members?: number; admins?: number }): Promise<void>;
  /**
   * Takes one off the admin counter only when at least one admin remains afterwards (one
   * atomic compare-and-update); false when that would leave the organization without admin.
   */
  decrementAdminCountKeepingOne(id: string): Promise<boolean>;
  /**
   * Marks the organization deleted, in one write: from then on no finder above returns it,
   * so every guard answers 404 at once while its data is purged. Null when it does not
   * exist or is deleted already.
   */
  markDeleted(id: string, at: string): Promise<OrganizationRecord | null>;
  /** A deleted organization not purged yet, with when it was deleted; null otherwise. */
  findDeleted(id: string): Promise<{ organization: OrganizationRecord; deletedAt: string } | null>;
  /** Ids of organizations marked deleted and not purged yet, oldest first (purges to resume). */
  listDeleted(limit: number): Promise<string[]>;
  /** The purge's last step: removes a deleted organization's record and frees its hostname. */
  removeDeleted(id: string): Promise<void>;
}

export const MEMBER_SORTS = ['joinedAt', 'lastSeenAt'] as const;
export type MemberSort = (typeof MEMBER_SORTS)[number];

export interface MemberListQuery {
  /** Only members of this role (null: only guests); undefined: every role. */
  role?: RoleOrGuest;
  /** Case-insensitive substring of the display name or email. */
  search?: string;
  /** 'lastSeenAt' lists only members seen at least once. */
  sort: MemberSort;
  order: 'asc' | 'desc';
}

export type MemberFilter = Omit<MemberListQuery, 'sort' | 'order'> & { sort?: MemberSort };

export interface MemberRepository {
  /** Raises Conflict when the user is already a member. */
  insert(member: MemberRecord): Promise<void>;
  find(organizationId: string, userId: string): Promise<MemberRecord | null>;
  /** Memberships of many users in one organization, in one round trip (for pages of people). */
  findMany(organizationId: string, userIds: readonly string[]): Promise<MemberRecord[]>;
  /** Memberships of one user in many organizations, in one round trip (for permissions in lists). */
  findForUser(userId: string, organizationIds: readonly string[]): Promise<MemberRecord[]>;
  list(organizationId: string, query: MemberListQuery, page: PageRequest): Promise<Slice<MemberRecord>>;
  /** Counts what `list` would list with the same filter (the sort matters: 'lastSeenAt' counts seen members). */
  count(organizationId: string, filter: MemberFilter): Promise<number>;
  /** The memberships of a user that are not disabled, in the order the organizations were created. */
  listMembershipsOfUser(userId: string, page: PageRequest): Promise<Slice<MemberRecord>>;
  countMembershipsOfUser(userId: string): Promise<number>;
  update(
    organizationId: string,
    userId: string,
    set: Partial<Pick<MemberRecord, 'disabled' | 'sso' | 'lastSeenAt'>>,
  ): Promise<MemberRecord | null>;
  /**
   * Changes a member's role only if it still is `expected` (compare-and-set), so the admin
   * counter and the roles cannot drift apart; returns the updated member, or null.
   */
  updateRoleIf(
    organizationId: string,
    userId: string,
    expected: RoleOrGuest,
    role: RoleOrGuest,
  ): Promise<MemberRecord | null>;
  /** Refreshes the copy of a user's name and email in all their memberships (after the user changes). */
  updateUserCopies(userId: string, user: MemberRecord['user']): Promise<void>;
  /** Removes a membership only if its role still is `expected`; true when it was removed. */
  deleteIf(organizationId: string, userId: string, expected: RoleOrGuest): Promise<boolean>;
}
