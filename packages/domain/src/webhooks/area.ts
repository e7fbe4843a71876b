/** The webhooks area: an organization's endpoints, the signed deliveries of its events to them, and their log. */
import { defineArea } from '../core/area-declaration';
import { WEBHOOK_RULES } from '../policies/webhook-policy';
import { webhookJobHandlers } from './deliver-webhook-job';
import { webhooksOperations } from './operations';

export const webhooksArea = defineArea({
  key: 'webhooks',
  buildsOn: ['audit', 'jobs', 'organizations', 'content', 'comments'],
  operations: webhooksOperations,
  jobHandlers: webhookJobHandlers,
  repositories: ['webhookEndpoints', 'webhookDeliveries'],
  ports: ['webhookSender'],
  policy: { webhook: WEBHOOK_RULES },
});
