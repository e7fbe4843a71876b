import type { PageRequest, Slice } from '../../core/paging';
import type { ContentGrantRecord } from './records';

export type ContentTarget = ContentGrantRecord['target'];
export type ContentPrincipal = ContentGrantRecord['principal'];

/** What the access computation reads of a grant: on what, to whom, which role. */
export type GrantOnTarget = Pick<ContentGrantRecord, 'target' | 'principal' | 'role'>;

export interface ContentGrantRepository {
  /**
   * Grants on any of the targets to the user or to any of the teams (one read, or two),
   * with only what the access computation reads of them.
   */
  findForPrincipals(
    organizationId: string,
    targets: ReadonlyArray<ContentTarget>,
    userId: string,
    teamIds: readonly string[],
  ): Promise<GrantOnTarget[]>;
  /**
   * Gives the principal the role on the target, or changes the role it holds there (a
   * principal holds at most one role per target; `createdAt` is kept on a change).
   * Returns true when the grant is new.
   */
  put(grant: ContentGrantRecord): Promise<boolean>;
  /** Revokes the principal's grant on the target; true when there was one. */
  remove(target: ContentTarget, principal: ContentPrincipal): Promise<boolean>;
  /** The grants on a target to principals of one kind, oldest first. */
  listForTarget(
    target: ContentTarget,
    principalKind: ContentPrincipal['kind'],
    page: PageRequest,
  ): Promise<Slice<ContentGrantRecord>>;
  countForTarget(target: ContentTarget, principalKind: ContentPrincipal['kind']): Promise<number>;
  /**
   * The targets of every grant of the organization to any of the principals (a person and
   * their teams): what was shared with a guest, whose access comes from grants alone.
   */
  listTargetsGrantedTo(
    organizationId: string,
    principals: ReadonlyArray<ContentPrincipal>,
  ): Promise<ContentTarget[]>;
  /** For each of the users, the number of spaces of the organization they hold a grant on (absent: 0). */
  countSpaceGrantsOfUsers(organizationId: string, userIds: readonly string[]): Promise<Map<string, number>>;
  /**
   * Removes every grant on the targets: when spaces or collections are removed for good,
   * or leave for another organization (whose people and teams the grants do not name).
   */
  removeForTargets(targets: ReadonlyArray<ContentTarget>): Promise<void>;
}
