import type { PageRequest, Slice } from '../../../core/paging';
import type { ChangeRequestRecord, ChangeRequestStatus } from '../records';
import type {
  ChangeRequestReviewRecord,
  MergeRulesRecord,
  RequestedReviewerRecord,
  ReviewNotificationRecord,
} from './records';

/** The reviews of change requests. A review is inserted once and never changed. */
export interface ChangeRequestReviewRepository {
  insert(review: ChangeRequestReviewRecord): Promise<void>;
  findById(changeRequestId: string, id: string): Promise<ChangeRequestReviewRecord | null>;
  /** A change request's reviews, oldest first (at most `limit`: the newest are kept). */
  listOf(changeRequestId: string, limit: number): Promise<ChangeRequestReviewRecord[]>;
}

/** The people asked to review change requests. */
export interface ChangeRequestReviewerRepository {
  /** Asks them (one record per change request and person: asking again renews the request). */
  put(reviewers: readonly RequestedReviewerRecord[]): Promise<void>;
  find(changeRequestId: string, userId: string): Promise<RequestedReviewerRecord | null>;
  /** A change request's requested reviewers, in the order they were asked (at most `limit`). */
  listOf(changeRequestId: string, limit: number): Promise<RequestedReviewerRecord[]>;
  /** Whether there was one to take back. */
  remove(changeRequestId: string, userId: string): Promise<boolean>;
  /** Ids of the change requests (of these spaces) this person is asked to review (at most `limit`). */
  changeRequestsOf(userId: string, spaceIds: readonly string[], limit: number): Promise<string[]>;
}

/** The review notifications of people. */
export interface ReviewNotificationRepository {
  insertMany(notifications: readonly ReviewNotificationRecord[]): Promise<void>;
  /** A person's notifications, newest first (only the unread ones when `unreadOnly`). */
  list(userId: string, unreadOnly: boolean, page: PageRequest): Promise<Slice<ReviewNotificationRecord>>;
  count(userId: string, unreadOnly: boolean): Promise<number>;
  /** Marks a person's notifications read (those of `ids`, or all); how many changed. */
  markRead(userId: string, ids: readonly string[] | undefined): Promise<number>;
}

/** The merge rules of spaces and organizations. */
export interface MergeRulesRepository {
  find(scope: MergeRulesRecord['scope'], targetId: string): Promise<MergeRulesRecord | null>;
  /** Replaces the rules of one space or organization. */
  put(rules: MergeRulesRecord): Promise<void>;
  /** Whether there were rules to remove. */
  remove(scope: MergeRulesRecord['scope'], targetId: string): Promise<boolean>;
}

/** What the organization's queue of change requests keeps. */
export interface ChangeRequestQueueFilter {
  /** The spaces the caller may see (the list is of these only). */
  spaceIds: readonly string[];
  statuses: readonly ChangeRequestStatus[];
  createdBy?: string;
  contributor?: string;
  /** Only these change requests (the requested-reviewer filter, resolved first). */
  ids?: readonly string[];
}

/** Change requests across many spaces (an organization's queue). */
export interface ChangeRequestQueueRepository {
  list(
    filter: ChangeRequestQueueFilter,
    orderBy: 'updatedAt' | 'createdAt',
    page: PageRequest,
  ): Promise<Slice<ChangeRequestRecord>>;
  count(filter: ChangeRequestQueueFilter): Promise<number>;
}
