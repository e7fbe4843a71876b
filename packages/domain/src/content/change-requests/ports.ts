import type { PageRequest, Slice } from '../../core/paging';
import type { ChangeRequestRecord, ChangeRequestStatus } from './records';

/** What a list of a space's change requests keeps. */
export interface ChangeRequestFilter {
  status?: ChangeRequestStatus;
  /** Only the change requests this user contributed to. */
  contributor?: string;
}

/**
 * What a write may change: the subject and status (PATCH), and for the content and merge
 * operations its revision, the space revision it was last brought up to date with, and
 * what a merge records.
 */
export type ChangeRequestUpdate = Partial<
  Pick<
    ChangeRequestRecord,
    | 'subject'
    | 'description'
    | 'status'
    | 'revision'
    | 'revisionMergedAncestor'
    | 'revisionMerged'
    | 'mergedBy'
    | 'mergedAt'
  >
>;

/** What a write expects to find (compare-and-swap): its status, and its revision when given. */
export interface ChangeRequestExpectation {
  status: ChangeRequestStatus;
  revision?: string;
}

/**
 * Change requests, and the space counters that follow them (`changeRequests`,
 * `changeRequestsOpen`, `changeRequestsDraft` on the space record): every write that adds a
 * change request or changes its status moves them by `$inc` after the change request itself
 * is written (see `changeRequestCounterMoves`). A crash between the two leaves them off,
 * which the startup repair recounts.
 */
export interface ChangeRequestRepository {
  /**
   * The next number of a space's change requests (1 for its first), allocated atomically:
   * two creates at the same moment never get the same number. A number allocated for a
   * change request that is then never written stays unused (a gap, as a crash leaves one).
   */
  nextNumber(spaceId: string): Promise<number>;
  /** Writes a new change request, then counts it in its space's counters. */
  insert(changeRequest: ChangeRequestRecord): Promise<void>;
  findById(id: string): Promise<ChangeRequestRecord | null>;
  findByNumber(spaceId: string, number: number): Promise<ChangeRequestRecord | null>;
  /** A space's change requests, newest first, keyset-paged on the id (ids are time-ordered). */
  list(spaceId: string, filter: ChangeRequestFilter, page: PageRequest): Promise<Slice<ChangeRequestRecord>>;
  count(spaceId: string, filter: ChangeRequestFilter): Promise<number>;
  /**
   * Sets `set` (and `updatedAt`) on the change request if it still is as `expected`
   * (compare-and-swap: of a concurrent merge, edit or PATCH that read the same state, one
   * wins), adds `contributor` to its contributors when given, then moves the space counters
   * when the status changed. Returns the updated change request, or null when none matched.
   */
  update(
    id: string,
    expected: ChangeRequestExpectation,
    set: ChangeRequestUpdate,
    updatedAt: string,
    contributor?: string,
  ): Promise<ChangeRequestRecord | null>;
}
