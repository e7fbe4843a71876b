import { IdSchema } from '../../../core/schemas';

/** The `organizationId` path parameter. */
export const OrganizationIdParam = IdSchema.describe('Id of the organization');

/** The `invitationId` path parameter. */
export const InvitationIdParam = IdSchema.describe('Id of the invitation');
