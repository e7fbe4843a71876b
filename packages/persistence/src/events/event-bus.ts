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
  /**
   * Calls `listener` with each event this server publishes, as it is published, before it goes
   * out (the subscribers get it later, with everyone's): for what must take effect before the
   * publishing operation answers (the co-editing server holds the messages of people whose
   * access just changed). The function returned stops it.
   */
  watchPublishing(listener: EventListener): () => void;
  /** Whether events reach this server now, and how often following had to start again (`/readyz`, `/metrics`). */
  health(): EventBusHealth;
  close(): Promise<void>;
}

export interface EventBusHealth {
  /** 'following': events arrive; 'reconnecting': the shared log's stream broke and is being followed again. */
  state: 'following' | 'reconnecting';
  /** How many times following the shared log broke or ended since the start. */
  restarts: number;
}

/** Where a bus reports what it could not do (a listener that threw, a stream that broke). */
export type EventBusProblem = (message: string, error: unknown) => void;
