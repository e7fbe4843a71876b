/** What the repositories store for the reviews of change requests and the merge rules. */

/** GitBook's `ChangeRequestReviewStatus`. */
export type ChangeRequestReviewStatus = 'approved' | 'changes-requested';

/**
 * One review, written once and never changed: a review is of the change request's revision at
 * that moment. Whether it still counts (`outdated`) is derived when read: a later review by
 * the same person, or a new revision of the change request, supersedes it. So a review and
 * its effect on the change request are one store write.
 */
export interface ChangeRequestReviewRecord {
  id: string;
  spaceId: string;
  changeRequestId: string;
  /** The revision of the change request reviewed. */
  revision: string;
  reviewer: string;
  /** Who had asked this reviewer for a review, when someone had. */
  requestedBy?: string;
  status: ChangeRequestReviewStatus;
  /** The markdown of the comment sent with it, when one was. */
  comment?: string;
  createdAt: string;
}

/**
 * A notification in the app: someone asked the person to review a change request, or
 * reviewed theirs. What it names is copied when it is made (the change request's number
 * and subject), so the list needs no other read.
 */
export interface ReviewNotificationRecord {
  id: string;
  /** Whom it is for. */
  userId: string;
  organizationId: string;
  kind: 'review_requested' | 'review_submitted';
  /** Who asked, or who reviewed. */
  actorId: string;
  spaceId: string;
  changeRequestId: string;
  changeRequestNumber: number;
  changeRequestSubject: string;
  /** For `review_submitted`: the review and what it said. */
  reviewId?: string;
  reviewStatus?: ChangeRequestReviewStatus;
  read: boolean;
  createdAt: string;
}

/** A person asked to review a change request (one record per change request and person). */
export interface RequestedReviewerRecord {
  spaceId: string;
  changeRequestId: string;
  userId: string;
  requestedBy: string;
  /** The change request's revision when they were asked. */
  revision: string;
  createdAt: string;
}

/**
 * The merge rules of a space or an organization (Quire's own settings; GitBook has them in
 * its app only). A space's own rules replace its organization's whole; with neither, a change
 * request merges with no rule.
 */
export interface MergeRulesRecord {
  scope: 'space' | 'organization';
  /** The space's or the organization's id. */
  targetId: string;
  /** Rule 1: at least this many current approvals (0: none needed). */
  minApprovals: number;
  /** Rule 2: every requested reviewer approved the current revision. */
  requireRequestedReviewers: boolean;
  /** Rule 3: the change request is up to date with the space. */
  requireUpToDate: boolean;
  /** Rule 4: each of these people approved the current revision. */
  requiredReviewers: string[];
  updatedBy: string;
  updatedAt: string;
}
