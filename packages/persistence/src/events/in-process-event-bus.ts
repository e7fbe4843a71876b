/**
 * The event bus of a server that is the only one on its store (the embedded engine takes a
 * lock on its data directory, so it always is): events go straight from the publisher to
 * this process's subscribers.
 */
import type { DomainEvent } from '@quire/domain';
import type { EventBus, EventBusHealth, EventBusProblem, EventListener } from './event-bus';
import { ListenerSet } from './listener-set';

export class InProcessEventBus implements EventBus {
  readonly #listeners: ListenerSet;
  readonly #publishing: ListenerSet;

  constructor(onProblem: EventBusProblem) {
    this.#listeners = new ListenerSet(onProblem);
    this.#publishing = new ListenerSet(onProblem);
  }

  /**
   * Delivers on the next turn of the event loop (in order: immediates run first in, first
   * out), so the operation that published answers its caller before the subscribers' work
   * on the event (each live view reads the comment as its viewer) begins.
   */
  async publish(event: DomainEvent): Promise<void> {
    this.#publishing.deliver(event);
    setImmediate(() => this.#listeners.deliver(event));
  }

  subscribe(listener: EventListener): () => void {
    return this.#listeners.add(listener);
  }

  watchPublishing(listener: EventListener): () => void {
    return this.#publishing.add(listener);
  }

  /** Nothing to follow: events never leave this process, so they always arrive. */
  health(): EventBusHealth {
    return { state: 'following', restarts: 0 };
  }

  async close(): Promise<void> {
    this.#listeners.clear();
    this.#publishing.clear();
  }
}
