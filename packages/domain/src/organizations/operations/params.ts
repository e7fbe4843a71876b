import { IdSchema } from '../../core/schemas';

/** The `organizationId` path parameter. */
export const OrganizationIdParam = IdSchema.describe('Id of the organization');

/** The `userId` path parameter: members are addressed by the id of their user. */
export const UserIdParam = IdSchema.describe('Id of the user (the member)');
