import { z } from 'zod';
import { operation } from '../../../core/operation';
import { authorizeOrganization } from '../../../policies/organization-policy';
import { OrganizationIdParam, SamlProviderIdParam } from './params';

/** Deletes a SAML provider (admins only); deleting a missing one succeeds. */
export const removeSamlProvider = operation({
  name: 'orgs.saml.remove',
  kind: 'mutation',
  summary: 'Delete a SAML provider',
  input: z.strictObject({ organizationId: OrganizationIdParam, samlProviderId: SamlProviderIdParam }),
  output: z.null(),
  async run(ctx, input): Promise<null> {
    await authorizeOrganization(ctx, input.organizationId, 'admin');
    await ctx.repos.samlProviders.delete(input.organizationId, input.samlProviderId);
    return null;
  },
});
