import { Readable } from 'node:stream';
import { isDomainError, type StoppableItems } from '@quire/domain';
import { HTTP_STATUS_OF } from '../../http/error-status';

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

/**
 * A list still being written (an answer streamed from the AI provider) sent event by event
 * as it comes. The status is sent already: a failure after the first event ends the stream
 * with one `error` event in GitBook's error shape (`{error: {code, message}}`), a domain
 * error's message or, for anything else, a generic one (never a stack). A reader who goes
 * away stops the list's writing (`stop`) as soon as `response` closes: not when the stream
 * is destroyed, which waits for the generator's `return`, itself queued behind the item it
 * is waiting for (a silent provider's next part).
 */
export function streamedEvents(items: StoppableItems<unknown>, response: ClosingResponse): Readable {
  response.once('close', () => items.stop());
  return Readable.from(
    (async function* () {
      try {
        for await (const item of items) yield `data: ${JSON.stringify(item)}\n\n`;
      } catch (error) {
        const failure = isDomainError(error)
          ? { code: HTTP_STATUS_OF[error.code], message: error.message }
          : { code: 500, message: 'The answer could not be completed' };
        yield `event: error\ndata: ${JSON.stringify({ error: failure })}\n\n`;
      }
    })(),
  );
}

/** The HTTP response a stream is sent on, as far as its end is concerned. */
export interface ClosingResponse {
  once(event: 'close', listener: () => void): unknown;
}
