import type { DomainEvent, EventPublisher } from '@quire/domain';

/** Called with each event, in the order this server learns them. */
export type EventListener = (event: DomainEvent) => void;

/**
 * The one event bus of a server: operations publish to it (`EventPublisher`), and whatever
 * follows along subscribes (the tRPC face's live views now; webhooks and the audit log later).
 * Every subscriber of every server behind the same store sees every event.
 */
export interface EventBus extends EventPublisher {
  /** Starts delivering events to `listener`; the function returned stops it. */
  subscribe(listener: EventListener): () => void;
  close(): Promise<void>;
}

/** Where a bus reports what it could not do (a listener that threw, a stream that broke). */
export type EventBusProblem = (message: string, error: unknown) => void;
