import { createWebhook } from './create-webhook';
import { getWebhook } from './get-webhook';
import { listWebhookDeliveries } from './list-webhook-deliveries';
import { listWebhooks } from './list-webhooks';
import { redeliverWebhook } from './redeliver-webhook';
import { removeWebhook } from './remove-webhook';
import { rotateWebhookSecret } from './rotate-webhook-secret';
import { testWebhook } from './test-webhook';
import { updateWebhook } from './update-webhook';

/** The webhooks area's operations, mounted under the organizations' branch (`orgs.webhooks.*`; Quire's own). */
export const webhooksOperations = {
  orgs: {
    webhooks: {
      list: listWebhooks,
      create: createWebhook,
      get: getWebhook,
      update: updateWebhook,
      remove: removeWebhook,
      rotateSecret: rotateWebhookSecret,
      test: testWebhook,
      deliveries: { list: listWebhookDeliveries, redeliver: redeliverWebhook },
    },
  },
};
