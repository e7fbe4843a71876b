/**
 * What the insights area stores: counters, not events. Every event adds one to the counter of
 * its site, UTC day, type and place (space, page, site space, section) and, for feedback, its
 * rating, for link clicks, the link's position; a feedback comment is also kept as written, a
 * bounded number a day (`MAX_COMMENTS_PER_SITE_DAY`). Nothing about the visitor is kept: no
 * address, session, cookie or user agent.
 */
import type { PageFeedbackRating } from './event-schema';

/** Where an event happened on a site; null where it happened on no such part (a 404: no page). */
export interface InsightsPlace {
  siteSectionId: string | null;
  siteSpaceId: string | null;
  spaceId: string | null;
  pageId: string | null;
}

/** One counter: how many events of a type happened on a day at a place. */
export interface InsightsCounterRecord extends InsightsPlace {
  siteId: string;
  /** The UTC day, `YYYY-MM-DD`. */
  day: string;
  type: string;
  /** Of feedback events. */
  rating: PageFeedbackRating | null;
  /** Of link clicks. */
  position: string | null;
  count: number;
}

/** A feedback comment as a reader wrote it. */
export interface InsightsCommentRecord extends InsightsPlace {
  id: string;
  siteId: string;
  day: string;
  /** When it was sent (the event's timestamp). */
  at: string;
  rating: PageFeedbackRating;
  comment: string;
}
