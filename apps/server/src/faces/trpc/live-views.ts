/**
 * What the live views of the tRPC face share: the server's event bus, and how many views
 * each person has open. A view holds a connection and a subscription for as long as a page
 * is open, so one person may hold only so many at once (a browser opens a few; thousands
 * from one token would be an attack on the server's memory and sockets).
 */
import { DomainError, type DomainEvent } from '@quire/domain';
import type { EventBus } from '@quire/persistence';

/** Live views one person may hold open at once, on one server. */
export const MAX_LIVE_VIEWS_PER_PERSON = 16;
/** Events a view may fall behind by before it is ended (its client reconnects and reloads). */
export const MAX_LIVE_VIEW_BACKLOG = 1_000;

export class LiveViews {
  readonly #open = new Map<string, number>();
  /** Aborted when the server closes: every view ends, so the close does not wait on them. */
  readonly #closing = new AbortController();

  constructor(readonly bus: EventBus) {}

  /** Ends every open view (the server is closing). */
  endAll(): void {
    this.#closing.abort();
  }

  /** Counts a view of `userId` open; the function returned counts it closed. */
  hold(userId: string): () => void {
    const open = this.#open.get(userId) ?? 0;
    if (open >= MAX_LIVE_VIEWS_PER_PERSON)
      throw new DomainError(
        'rate_limited',
        `At most ${MAX_LIVE_VIEWS_PER_PERSON} live views may be open at once: close some pages first`,
      );
    this.#open.set(userId, open + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.#open.get(userId) ?? 1) - 1;
      if (left === 0) this.#open.delete(userId);
      else this.#open.set(userId, left);
    };
  }

  /**
   * The events `keep` accepts, from now until the client goes or the server closes. A view that falls more than
   * `MAX_LIVE_VIEW_BACKLOG` events behind ends with an error rather than hold them all.
   */
  async *events(
    clientSignal: AbortSignal | undefined,
    keep: (event: DomainEvent) => boolean,
  ): AsyncGenerator<DomainEvent> {
    const signal = clientSignal
      ? AbortSignal.any([clientSignal, this.#closing.signal])
      : this.#closing.signal;
    const queue: DomainEvent[] = [];
    let overflowed = false;
    let wake: (() => void) | undefined;
    const stop = this.bus.subscribe((event) => {
      if (!keep(event)) return;
      if (queue.length >= MAX_LIVE_VIEW_BACKLOG) overflowed = true;
      else queue.push(event);
      wake?.();
    });
    const onAbort = () => wake?.();
    signal.addEventListener('abort', onAbort);
    try {
      while (!signal.aborted) {
        if (overflowed) throw new DomainError('unavailable', 'This live view fell too far behind: reload it');
        const next = queue.shift();
        if (next) {
          yield next;
          continue;
        }
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
        wake = undefined;
      }
    } finally {
      stop();
      signal.removeEventListener('abort', onAbort);
    }
  }
}
