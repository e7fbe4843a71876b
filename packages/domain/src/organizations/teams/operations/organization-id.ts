import { IdSchema } from '../../../core/schemas';

/** The `organizationId` path parameter of every team operation. */
export const OrganizationIdParam = IdSchema.describe('Id of the organization');

/** The `teamId` path parameter. */
export const TeamIdParam = IdSchema.describe('Id of the team');
