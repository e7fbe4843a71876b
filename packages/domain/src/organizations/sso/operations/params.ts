import { IdSchema } from '../../../core/schemas';

/** The `organizationId` path parameter. */
export const OrganizationIdParam = IdSchema.describe('Id of the organization');

/** The `samlProviderId` path parameter. */
export const SamlProviderIdParam = IdSchema.describe('Id of the SAML provider');
