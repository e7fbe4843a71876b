/** The webhook endpoint and delivery resources (Quire's own: GitBook has no webhook API), and their presenters. */
import { z } from 'zod';
import type { PublicUrls } from '../core/context';
import { TimestampSchema, UrlSchema } from '../core/schemas';
import { organizationLocation } from '../organizations';
import type { WebhookDeliveryRecord, WebhookEndpointRecord } from './records';
import { WebhookEventTypeSchema } from './webhook-event-types';
import { WebhookEventsSchema } from './webhook-fields';

export const WebhookEndpointSchema = z
  .object({
    object: z.literal('webhook').describe('Always "webhook"'),
    id: z.string().describe('Id of the endpoint'),
    url: z.string().describe('URL the events are posted to'),
    description: z.string().describe('What the endpoint is for'),
    events: WebhookEventsSchema,
    secretEnding: z
      .string()
      .describe("The signing secret's last 4 characters (the secret itself is returned only when made)"),
    active: z.boolean().describe('Whether events are sent to it'),
    disabledReason: z
      .enum(['admin', 'failures'])
      .optional()
      .describe('Why it is off: an admin turned it off, or it failed too many times in a row'),
    consecutiveFailures: z.number().int().describe('Failed attempts since the last success'),
    createdAt: TimestampSchema.describe('When the endpoint was made'),
    updatedAt: TimestampSchema.describe('When it last changed'),
    urls: z
      .object({ location: UrlSchema.describe('Location of the endpoint in the API') })
      .describe('Absolute URLs of the endpoint'),
  })
  .meta({ id: 'WebhookEndpoint', description: 'An endpoint that receives the events of an organization' });

export type WebhookEndpoint = z.infer<typeof WebhookEndpointSchema>;

export const WebhookEndpointWithSecretSchema = WebhookEndpointSchema.extend({
  secret: z
    .string()
    .describe('The signing secret: returned here only, when the endpoint is made or its secret rotated'),
}).meta({
  id: 'WebhookEndpointWithSecret',
  description: 'A webhook endpoint and its signing secret, shown once',
});

export type WebhookEndpointWithSecret = z.infer<typeof WebhookEndpointWithSecretSchema>;

export const webhookLocation = (
  urls: PublicUrls,
  endpoint: Pick<WebhookEndpointRecord, 'organizationId' | 'id'>,
) => `${organizationLocation(urls, endpoint.organizationId)}/webhooks/${endpoint.id}`;

export function presentWebhookEndpoint(urls: PublicUrls, endpoint: WebhookEndpointRecord): WebhookEndpoint {
  return {
    object: 'webhook',
    id: endpoint.id,
    url: endpoint.url,
    description: endpoint.description,
    events: endpoint.events,
    secretEnding: endpoint.secretEnding,
    active: endpoint.active,
    ...(endpoint.disabledReason === undefined ? {} : { disabledReason: endpoint.disabledReason }),
    consecutiveFailures: endpoint.consecutiveFailures,
    createdAt: endpoint.createdAt,
    updatedAt: endpoint.updatedAt,
    urls: { location: webhookLocation(urls, endpoint) },
  };
}

const WebhookAttemptSchema = z
  .object({
    at: TimestampSchema.describe('When the attempt ended'),
    durationMs: z.number().int().describe('How long it took, in milliseconds'),
    responseStatus: z.number().int().optional().describe("The receiver's HTTP status, when it answered"),
    responseExcerpt: z.string().optional().describe("The first characters of the receiver's answer"),
    error: z.string().optional().describe('Why it failed without an answer'),
  })
  .meta({ id: 'WebhookDeliveryAttempt', description: 'One attempt to post a delivery' });

export const WebhookDeliverySchema = z
  .object({
    object: z.literal('webhook-delivery').describe('Always "webhook-delivery"'),
    id: z.string().describe('Id of the delivery (the Quire-Delivery header)'),
    event: z
      .object({ id: z.string().describe('Id of the event'), type: WebhookEventTypeSchema })
      .describe('The event delivered'),
    status: z
      .enum(['waiting', 'pending', 'succeeded', 'failed'])
      .describe(
        'waiting: behind an earlier delivery of the same resource; pending: being sent or retried; succeeded; failed (attempts ran out, or the endpoint is off)',
      ),
    attempts: z.number().int().describe('Attempts made'),
    responseStatus: z
      .number()
      .int()
      .optional()
      .describe("The last attempt's HTTP status, when it had an answer"),
    durationMs: z.number().int().optional().describe("The last attempt's duration, in milliseconds"),
    log: z.array(WebhookAttemptSchema).describe('The last attempts, oldest first'),
    redeliveryOf: z.string().optional().describe('The delivery this one repeats'),
    createdAt: TimestampSchema.describe('When the delivery was made'),
    finishedAt: TimestampSchema.optional().describe('When it succeeded or failed'),
  })
  .meta({
    id: 'WebhookDelivery',
    description: 'The delivery of one event to one endpoint, and its attempts',
  });

export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

export function presentWebhookDelivery(delivery: WebhookDeliveryRecord): WebhookDelivery {
  const last = delivery.attempts.at(-1);
  return {
    object: 'webhook-delivery',
    id: delivery.id,
    event: { id: delivery.eventId, type: delivery.eventType },
    status: delivery.state,
    attempts: delivery.attempts.length,
    ...(last?.responseStatus === undefined ? {} : { responseStatus: last.responseStatus }),
    ...(last === undefined ? {} : { durationMs: last.durationMs }),
    log: delivery.attempts,
    ...(delivery.redeliveryOf === undefined ? {} : { redeliveryOf: delivery.redeliveryOf }),
    createdAt: delivery.createdAt,
    ...(delivery.finishedAt === undefined ? {} : { finishedAt: delivery.finishedAt }),
  };
}
