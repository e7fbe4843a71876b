/**
 * What one event adds to the counters: its counter's key (site, UTC day, type, place, and the
 * feedback's rating or the link's position) and one. A batch of events is folded first, so a
 * request writes each counter it touches once: one upsert per distinct counter, never more
 * than one per event.
 */
import type { SiteInsightsEvent } from './event-schema';
import type { InsightsCommentRecord, InsightsCounterRecord, InsightsPlace } from './records';

export interface PlacedEvent {
  event: SiteInsightsEvent;
  place: InsightsPlace;
  day: string;
  at: string;
}

const ratingOf = (event: SiteInsightsEvent) =>
  event.type === 'page_post_feedback' || event.type === 'page_post_feedback_comment'
    ? event.feedback.rating
    : null;

const positionOf = (event: SiteInsightsEvent) => (event.type === 'link_click' ? event.link.position : null);

/** A counter's identity: the stored counter's `_id` is this key. */
export const counterKey = (counter: Omit<InsightsCounterRecord, 'count'>): string =>
  [
    counter.siteId,
    counter.day,
    counter.type,
    counter.spaceId ?? '',
    counter.pageId ?? '',
    counter.siteSpaceId ?? '',
    counter.siteSectionId ?? '',
    counter.rating ?? '',
    counter.position ?? '',
  ].join('|');

/** The counters a batch adds to, each with how many of the batch's events it counts. */
export function countersOf(siteId: string, events: readonly PlacedEvent[]): InsightsCounterRecord[] {
  const counters = new Map<string, InsightsCounterRecord>();
  for (const { event, place, day } of events) {
    const counter = {
      siteId,
      day,
      type: event.type,
      ...place,
      rating: ratingOf(event),
      position: positionOf(event),
    };
    const key = counterKey(counter);
    const known = counters.get(key);
    if (known) known.count += 1;
    else counters.set(key, { ...counter, count: 1 });
  }
  return [...counters.values()];
}

/** The comments of a batch's feedback, as kept. */
export function commentsOf(
  siteId: string,
  events: readonly PlacedEvent[],
  newId: () => string,
): InsightsCommentRecord[] {
  return events.flatMap(({ event, place, day, at }) =>
    event.type === 'page_post_feedback_comment'
      ? [
          {
            id: newId(),
            siteId,
            day,
            at,
            ...place,
            rating: event.feedback.rating,
            comment: event.feedback.comment,
          },
        ]
      : [],
  );
}
