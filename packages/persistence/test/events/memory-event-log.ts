/**
 * An event log in memory shared by several buses (as servers share MongoDB's), delivering
 * appended events to followers asynchronously, with the failures a real one has: followers
 * cut off (a failover) and a history that forgets its oldest positions.
 */
import type { DomainEvent } from '@quire/domain';
import type { EventLog, EventLogFollow, EventLogHandlers } from '../../src/events';

interface Follower {
  next: number;
  handlers: EventLogHandlers;
}

const POSITION_LOST = 'position lost';

export class MemoryEventLog implements EventLog {
  /**
   * With `lazyStart`, a follow "from now" takes its start only after a turn of the event loop,
   * as a change stream opens its cursor asynchronously: an event appended in between is missed
   * unless the follower started from `now()`.
   */
  constructor(readonly options: { lazyStart?: boolean } = {}) {}

  readonly events: DomainEvent[] = [];
  readonly #followers = new Set<Follower>();
  /** Positions below this are no longer held. */
  #oldestKept = 0;
  follows = 0;

  async append(event: DomainEvent): Promise<void> {
    this.events.push(event);
    queueMicrotask(() => this.#pump());
  }

  async now(): Promise<unknown> {
    return this.events.length - 1;
  }

  follow(position: unknown, handlers: EventLogHandlers): EventLogFollow {
    this.follows++;
    const fromNow = position === undefined;
    const next = fromNow ? this.events.length : (position as number) + 1;
    const follower: Follower = { next, handlers };
    if (fromNow && this.options.lazyStart) {
      const started = setTimeout(() => {
        follower.next = this.events.length;
        this.#followers.add(follower);
      }, 0);
      return {
        close: async () => {
          clearTimeout(started);
          this.#followers.delete(follower);
        },
      };
    }
    if (next < this.#oldestKept) {
      queueMicrotask(() => handlers.onError(new Error(POSITION_LOST)));
      return { close: async () => {} };
    }
    this.#followers.add(follower);
    queueMicrotask(() => this.#pump());
    return {
      close: async () => {
        this.#followers.delete(follower);
      },
    };
  }

  isPositionLost(error: unknown): boolean {
    return error instanceof Error && error.message === POSITION_LOST;
  }

  /** Cuts every follower off with `error`, as a failover does. */
  cutFollowers(error: Error): void {
    for (const follower of this.#followers) {
      this.#followers.delete(follower);
      follower.handlers.onError(error);
    }
  }

  /** Forgets every position up to now (an oplog that rolled over). */
  forgetHistory(): void {
    this.#oldestKept = this.events.length;
  }

  #pump(): void {
    for (const follower of this.#followers) {
      while (follower.next < this.events.length && this.#followers.has(follower)) {
        const position = follower.next++;
        follower.handlers.onEvent(this.events[position] as DomainEvent, position);
      }
    }
  }
}
