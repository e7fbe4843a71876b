import { z } from 'zod';
import { operation } from '../../../core/operation';
import { authorizeOrganization } from '../../../policies/organization-policy';
import { OidcProviderIdParam, OrganizationIdParam } from './params';

/**
 * Deletes an OpenID Connect provider (admins only); deleting a missing one succeeds. Sign-ins
 * started through it and not yet come back fail at the callback (the provider is gone).
 */
export const removeOidcProvider = operation({
  name: 'orgs.oidc.remove',
  kind: 'mutation',
  summary: 'Delete an OpenID Connect provider',
  input: z.strictObject({ organizationId: OrganizationIdParam, oidcProviderId: OidcProviderIdParam }),
  output: z.null(),
  async run(ctx, input): Promise<null> {
    await authorizeOrganization(ctx, input.organizationId, 'admin');
    await ctx.repos.oidcProviders.delete(input.organizationId, input.oidcProviderId);
    return null;
  },
});
