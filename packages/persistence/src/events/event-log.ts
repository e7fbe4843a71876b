import type { DomainEvent } from '@quire/domain';

/** How a follower of the log hears of events and failures. */
export interface EventLogHandlers {
  /** An event appended by any server; `position` resumes right after it. */
  onEvent(event: DomainEvent, position: unknown): void;
  /** The follow broke or ended (the stream is closed): follow again from the last position. */
  onError(error: unknown): void;
}

export interface EventLogFollow {
  close(): Promise<void>;
}

/**
 * A log of events shared by every server on one store: appended by the server that
 * published an event, followed by all of them (MongoDB: a collection and its change stream,
 * `mongo-event-log.ts`).
 */
export interface EventLog {
  append(event: DomainEvent): Promise<void>;
  /**
   * A position meaning "this moment": following from it delivers every event appended after
   * the promise resolved, however long the follow then takes to start (a change stream opens
   * asynchronously; what is appended meanwhile must not be missed).
   */
  now(): Promise<unknown>;
  /** Follows what is appended after `position` (one `onEvent` or `now` gave), or from now. */
  follow(position: unknown | undefined, handlers: EventLogHandlers): EventLogFollow;
  /**
   * Whether a position no longer in the log caused `error` (MongoDB keeps a bounded
   * history): following from it again cannot work, only following from now.
   */
  isPositionLost(error: unknown): boolean;
}
