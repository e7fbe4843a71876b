/**
 * Pages of the people who can access one space or collection, among the members of its
 * organization.
 *
 * Who can access an item comes from the access model (default levels up the chain, grants
 * to people and their teams), which no store query can express without copying its rules.
 * So a page is filled from the keyset-paged list of the organization's members (oldest
 * membership first, index `{organizationId, joinedAt, _id}`), in batches: each batch's
 * roles computed in memory (`roles-on-item.ts`), its users read in one query, until
 * `limit + 1` people are found (the extra one says whether a next page exists). The cursor
 * is the membership of the last person returned, so nobody is skipped or repeated. When
 * most members can access the item (the usual case: content open to the organization) one
 * batch fills the page; for an item few people can access among many members, a scan
 * budget bounds each request, which then returns a shorter page with a `next` cursor.
 */

import type { OperationContext } from '../../../core/context';
import { type KeptRow, keptRowsPage, type PageRequest, type Slice } from '../../../core/paging';
import type { Role } from '../../../core/schemas';
import type { UserRecord } from '../../../identity';
import type { MemberListQuery, MemberRecord } from '../../../organizations';
import { type RolesOnItem, roleOfMember } from '../../../policies/roles-on-item';

/** Memberships examined per request at most (beyond the page itself). */
export const AUDIENCE_SCAN_BUDGET = 5000;

const OLDEST_MEMBERSHIP_FIRST: MemberListQuery = { sort: 'joinedAt', order: 'asc' };

export interface AudienceRow {
  member: MemberRecord;
  user: UserRecord;
  role: Role;
}

interface AudienceQuery {
  organizationId: string;
  rules: RolesOnItem;
  /** Only the people whose effective role is exactly this one. */
  role?: Role | undefined;
  page: PageRequest;
}

/** The batch's people who can access the item (with `role` when given), with their users. */
async function accessibleIn(
  ctx: OperationContext,
  batch: Slice<MemberRecord>,
  query: AudienceQuery,
): Promise<Array<KeptRow<AudienceRow>>> {
  const candidates = batch.items.flatMap((member, i) => {
    const role = roleOfMember(query.rules, member);
    const cursor = batch.cursors[i];
    if (!role || !cursor || (query.role !== undefined && role !== query.role)) return [];
    return [{ member, role, cursor }];
  });
  if (candidates.length === 0) return [];
  const users = await ctx.repos.users.findByIds(candidates.map((candidate) => candidate.member.userId));
  const userOf = new Map(users.map((user) => [user.id, user]));
  return candidates.flatMap(({ member, role, cursor }) => {
    const user = userOf.get(member.userId);
    return user ? [{ item: { member, user, role }, cursor }] : [];
  });
}

export function audiencePage(ctx: OperationContext, query: AudienceQuery): Promise<Slice<AudienceRow>> {
  return keptRowsPage(
    query.page,
    (batch) => ctx.repos.members.list(query.organizationId, OLDEST_MEMBERSHIP_FIRST, batch),
    (batch) => accessibleIn(ctx, batch, query),
    AUDIENCE_SCAN_BUDGET,
  );
}
