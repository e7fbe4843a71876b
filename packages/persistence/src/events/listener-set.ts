import type { DomainEvent } from '@quire/domain';
import type { EventBusProblem, EventListener } from './event-bus';

/** The subscribers of one server: each gets every event; one that throws does not stop the others. */
export class ListenerSet {
  readonly #listeners = new Set<EventListener>();

  constructor(private readonly onProblem: EventBusProblem) {}

  add(listener: EventListener): () => void {
    // A wrapper per subscription, so subscribing one function twice is two subscriptions.
    const entry: EventListener = (event) => listener(event);
    this.#listeners.add(entry);
    return () => {
      this.#listeners.delete(entry);
    };
  }

  deliver(event: DomainEvent): void {
    for (const listener of this.#listeners) {
      try {
        listener(event);
      } catch (error) {
        this.onProblem(`an event listener failed on ${event.type}`, error);
      }
    }
  }

  get size(): number {
    return this.#listeners.size;
  }

  clear(): void {
    this.#listeners.clear();
  }
}
