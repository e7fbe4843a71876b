import { IdSchema } from '../../../core/schemas';

export { OrganizationIdParam } from '../../sso/operations/params';

/** The `oidcProviderId` path parameter. */
export const OidcProviderIdParam = IdSchema.describe('Id of the OpenID Connect provider');
