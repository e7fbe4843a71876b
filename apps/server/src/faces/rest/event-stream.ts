/**
 * A list answered as server-sent events (`RestRoute.eventStream`), as GitBook streams some
 * reads (`text/event-stream`: its client reads each event's `data` as one item): one `data:`
 * line of JSON per item, then the end of the body. JSON holds no raw line break, so an item
 * is always one line; an empty list is an empty stream.
 */
export const EVENT_STREAM_TYPE = 'text/event-stream; charset=utf-8';

export function eventStreamOf(items: readonly unknown[]): string {
  return items.map((item) => `data: ${JSON.stringify(item)}\n\n`).join('');
}
