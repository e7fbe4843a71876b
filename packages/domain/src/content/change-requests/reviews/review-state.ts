/**
 * Which reviews of a change request still count, derived from the reviews as written (pure).
 * A review is outdated when the change request has another revision now (GitBook: a new
 * revision after an approval makes it outdated), or when the same person reviewed again
 * since (their newest review is their word).
 */
import type { ChangeRequestReviewRecord, ChangeRequestReviewStatus } from './records';

/** Ids of the reviews that are outdated against the change request's `revision`. */
export function outdatedReviews(
  reviews: readonly ChangeRequestReviewRecord[],
  revision: string,
): Set<string> {
  const newest = newestByReviewer(reviews);
  return new Set(
    reviews
      .filter((review) => review.revision !== revision || newest.get(review.reviewer) !== review)
      .map((review) => review.id),
  );
}

/** Each person's word on the current revision: their newest review, when it is of `revision`. */
export function currentVerdicts(
  reviews: readonly ChangeRequestReviewRecord[],
  revision: string,
): Map<string, ChangeRequestReviewStatus> {
  const verdicts = new Map<string, ChangeRequestReviewStatus>();
  for (const [reviewer, review] of newestByReviewer(reviews)) {
    if (review.revision === revision) verdicts.set(reviewer, review.status);
  }
  return verdicts;
}

/** Reviews are ids in time order; the later of two at the same instant is the newer. */
function newestByReviewer(
  reviews: readonly ChangeRequestReviewRecord[],
): Map<string, ChangeRequestReviewRecord> {
  const newest = new Map<string, ChangeRequestReviewRecord>();
  for (const review of reviews) {
    const kept = newest.get(review.reviewer);
    if (
      !kept ||
      kept.createdAt < review.createdAt ||
      (kept.createdAt === review.createdAt && kept.id < review.id)
    )
      newest.set(review.reviewer, review);
  }
  return newest;
}
