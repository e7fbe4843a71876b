/**
 * What happened, for whoever follows along: the web app's live views (tRPC subscriptions)
 * now, webhooks and the audit log later. An event names what it is about by ids only, never
 * by content: a reader fetches what its own caller may see through the operations, so an
 * event can go to everyone watching a space without leaking what one of them may not read.
 *
 * Core names no event: each area declares its own (`declare module` on `DomainEventTypes`,
 * as the areas do for `Repositories`), keyed by the event's `type`.
 */

/** What every event carries. */
export interface DomainEventBase<Type extends string> {
  /** Unique and time-ordered (the id source's ids). */
  id: string;
  type: Type;
  at: string;
  /** Who did it (null for the system). */
  actorId: string | null;
  organizationId: string;
  /** The space it happened in, when it happened in one. */
  spaceId: string | null;
  /**
   * How long a shared log keeps it, in seconds, when that is less than the log's own retention:
   * events that matter only for moments (the co-editing relay's keystrokes) go sooner.
   */
  retainSeconds?: number;
}

// biome-ignore lint/suspicious/noEmptyInterface: filled by the areas through declaration merging
export interface DomainEventTypes {}

/** Any event an area declared. */
export type DomainEvent = DomainEventTypes[keyof DomainEventTypes];

/**
 * Where operations report what they did, after it is written. Publishing never fails the
 * operation whose write already happened: an implementation that cannot deliver reports it
 * in its own logs.
 */
export interface EventPublisher {
  publish(event: DomainEvent): Promise<void>;
}
