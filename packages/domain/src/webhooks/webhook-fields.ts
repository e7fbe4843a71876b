/** The fields of a webhook endpoint as requests give them. */
import { z } from 'zod';
import { IdSchema } from '../core/schemas';
import { SUBSCRIBABLE_EVENT_TYPES } from './webhook-event-types';

export const WebhookIdParam = IdSchema.describe('Id of the webhook endpoint');
export const WebhookDeliveryIdParam = IdSchema.describe('Id of the delivery');

/**
 * An http(s) URL without credentials, 2048 characters at most. Whether plain http and the
 * host are allowed is the server's outbound rule (`WebhookSender.refusalOf`), checked by the
 * operations: https anywhere public, http only to a host the operator allowed.
 */
export const WebhookUrlSchema = z
  .string()
  .max(2048)
  .superRefine((value, issue) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      issue.addIssue({ code: 'custom', message: 'Must be an absolute http or https URL' });
      return;
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      issue.addIssue({ code: 'custom', message: 'Must be an http or https URL' });
    else if (url.username !== '' || url.password !== '')
      issue.addIssue({ code: 'custom', message: 'Must not carry credentials' });
  })
  .meta({ examples: ['https://hooks.example.com/quire'] })
  .describe('URL the events are posted to (https; http only to a host the operator allowed)');

export const WebhookEventsSchema = z
  .array(z.enum(['*', ...SUBSCRIBABLE_EVENT_TYPES]))
  .min(1)
  .max(SUBSCRIBABLE_EVENT_TYPES.length + 1)
  .describe('Event types the endpoint receives; ["*"] for all of them, those added later too');

export const WebhookDescriptionSchema = z
  .string()
  .max(500)
  .describe('What the endpoint is for, for the admins who see it');
