/** The bounds of reviews: how many are read and how many people may be asked. */

/** The newest reviews of a change request read to tell which count (older ones are outdated anyway). */
export const MAX_REVIEWS_READ = 1000;
/** People asked to review one change request at most (a request past it is a 400). */
export const MAX_REQUESTED_REVIEWERS = 50;
/** People named by a merge rule at most. */
export const MAX_REQUIRED_REVIEWERS = 20;
/** A review's comment, in characters. */
export const MAX_REVIEW_COMMENT = 16_384;
