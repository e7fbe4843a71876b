/** How the webhooks area is served: its routes, its documentation tag and the sender of deliveries. */
import { webhookRoutes } from '../faces/rest/routes/webhooks';
import { httpWebhookSender } from '../webhooks/http-webhook-sender';
import { defineServerArea } from './server-area';

export const webhooksServing = defineServerArea({
  key: 'webhooks',
  routes: webhookRoutes,
  tags: [
    {
      name: 'Webhooks',
      group: 'people',
      prefixes: ['orgs.webhooks'],
      description:
        "An organization's webhook endpoints (Quire's own): the events they receive, signed deliveries " +
        '(Quire-Signature: HMAC-SHA256 of the timestamp and the body), retries, and the delivery log.',
    },
  ],
  ports: ({ config }) => ({
    webhookSender: httpWebhookSender({
      timeoutMs: config.webhookTimeoutMs,
      allowHosts: config.fetchAllowHosts,
    }),
  }),
});
