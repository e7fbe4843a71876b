/** The webhooks area's repositories and their indexes. */
import type { WebhooksRepositories } from '@quire/domain';
import type { CollectionIndexes, StoreDatabase } from '@quire/store';
import { MongoWebhookDeliveryRepository, webhookDeliveryIndexes } from './webhook-delivery-repository';
import { MongoWebhookEndpointRepository, webhookEndpointIndexes } from './webhook-endpoint-repository';

export const webhooksIndexes: CollectionIndexes[] = [...webhookEndpointIndexes, ...webhookDeliveryIndexes];

export const webhooksRepositories = (db: StoreDatabase): WebhooksRepositories => ({
  webhookEndpoints: new MongoWebhookEndpointRepository(db),
  webhookDeliveries: new MongoWebhookDeliveryRepository(db),
});
