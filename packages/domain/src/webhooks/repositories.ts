/** The repositories of the webhooks area, added to every operation's `ctx.repos`. */
import type { WebhookDeliveryRepository, WebhookEndpointRepository } from './ports';

export interface WebhooksRepositories {
  webhookEndpoints: WebhookEndpointRepository;
  webhookDeliveries: WebhookDeliveryRepository;
}

declare module '../core/context' {
  interface Repositories extends WebhooksRepositories {}
}
