/**
 * Turns the domain events on the bus that webhooks describe (a space's new revision, comments
 * and replies posted) into deliveries, one event after another in the order this server
 * learns them, so the deliveries of one resource are stored in event order. Every server
 * follows the bus; a delivery's unique key (endpoint and event) stores it once.
 *
 * The bus is published to after the write: a process that dies between the two loses the
 * event for webhooks too (docs/webhooks.md says so).
 */
import { dispatchWebhookEvent, webhookEventOfDomainEvent } from '@quire/domain';
import type { Services } from '../services';

export interface WebhookEventFollower {
  /** Stops following, and waits for the events already taken. */
  stop(): Promise<void>;
}

export function followWebhookEvents(
  services: Services,
  onError: (error: unknown) => void,
): WebhookEventFollower {
  let queue: Promise<void> = Promise.resolve();
  const unsubscribe = services.events.subscribe((domainEvent) => {
    const toSend = webhookEventOfDomainEvent(domainEvent);
    if (toSend === null) return;
    queue = queue.then(() => dispatchWebhookEvent(services, toSend).then(() => undefined, onError));
  });
  return {
    stop() {
      unsubscribe();
      return queue;
    },
  };
}
