import { IdSchema } from '../../core/schemas';

export const OrganizationIdParam = IdSchema.describe('Id of the organization');
export { WebhookDeliveryIdParam, WebhookIdParam } from '../webhook-fields';
