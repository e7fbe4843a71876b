/** What the repositories store for change requests. */

/**
 * GitBook's `ChangeRequestStatus`: 'draft' (being written), 'open' (submitted for review),
 * 'archived' (set aside; may be reopened), 'merged' (its content is in the space; final).
 */
export type ChangeRequestStatus = 'draft' | 'open' | 'archived' | 'merged';

export interface ChangeRequestRecord {
  id: string;
  /**
   * The space it proposes edits to. The organization is the space's: it is not copied here,
   * because a transfer moves a space (and so its change requests) to another organization.
   */
  spaceId: string;
  /** Counts up from 1 per space; allocated atomically (`ChangeRequestRepository.nextNumber`). */
  number: number;
  /** At most 100 characters; empty when none was given. */
  subject: string;
  /** Its description as markdown (GitBook's document on the way in and out); absent or empty: none. */
  description?: string;
  status: ChangeRequestStatus;
  /** Id of the user who created it. */
  createdBy: string;
  createdAt: string;
  updatedAt: string;
  /** The space's revision it was created from. */
  revisionInitial: string;
  /** Its current revision (its own edits on top of its base). */
  revision: string;
  /** The space's revision it was last brought up to date with (`update`); absent until then. */
  revisionMergedAncestor?: string;
  /** Once merged: the space's revision the merge made. */
  revisionMerged?: string;
  mergedBy?: string;
  mergedAt?: string;
  /** The agent task it implements, as given at creation (stored, not interpreted). */
  agentTaskId?: string;
  /** Ids of the users who edited it, the creator first; the contributor filter reads it. */
  contributors: string[];
  /** Open comments on it (kept by the comments area). */
  comments: number;
}
