/** The webhooks area: an organization's endpoints, the signed deliveries of its events to them, and their log. */
export { deliverWebhookJob, webhookJobHandlers } from './deliver-webhook-job';
export { dispatchWebhookEvent } from './dispatch-webhook-event';
export { webhookEventOfAuditEvent } from './events-of-audit-events';
export { webhookEventOfDomainEvent } from './events-of-domain-events';
export { OPERATIONS_WITH_EVENTS, webhookEventOfOperation } from './events-of-operations';
export { noteOperationForWebhooks } from './note-operation-for-webhooks';
export { webhooksOperations } from './operations';
export type * from './ports';
export type * from './records';
export * from './recover-webhook-events';
export type { WebhooksRepositories } from './repositories';
export { runWithWebhookOutbox } from './run-with-webhook-outbox';
export type { WebhookEvent, WebhookEventToSend } from './webhook-event';
export * from './webhook-event-types';
export * from './webhook-limits';
export * from './webhook-schema';
export * from './webhook-signature';
