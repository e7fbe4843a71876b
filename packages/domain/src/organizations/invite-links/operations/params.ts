import { IdSchema } from '../../../core/schemas';

/** The `organizationId` path parameter. */
export const OrganizationIdParam = IdSchema.describe('Id of the organization');

/** The `inviteId` path parameter. */
export const InviteIdParam = IdSchema.describe('Id of the invite link');
