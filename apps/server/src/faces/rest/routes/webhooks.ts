/** The webhooks area's routes: an organization's endpoints and their deliveries (Quire's own). */
import { webhooksOperations } from '@quire/domain';
import { type RestRoute, route } from '../route';

const { webhooks } = webhooksOperations.orgs;
const WEBHOOKS = '/v1/orgs/:organizationId/webhooks';
const WEBHOOK = `${WEBHOOKS}/:webhookId`;

export const webhookRoutes: readonly RestRoute[] = [
  route('GET', WEBHOOKS, webhooks.list),
  route('POST', WEBHOOKS, webhooks.create, 201),
  route('GET', WEBHOOK, webhooks.get),
  route('PATCH', WEBHOOK, webhooks.update),
  route('DELETE', WEBHOOK, webhooks.remove),
  route('POST', `${WEBHOOK}/secret`, webhooks.rotateSecret),
  route('POST', `${WEBHOOK}/test`, webhooks.test, 201),
  route('GET', `${WEBHOOK}/deliveries`, webhooks.deliveries.list),
  route('POST', `${WEBHOOK}/deliveries/:deliveryId/redeliver`, webhooks.deliveries.redeliver, 201),
];
