import { z } from 'zod';
import { notFound } from '../../../core/errors';
import { operation } from '../../../core/operation';
import { authorizeOrganization } from '../../../policies/organization-policy';
import { defaultTeamsOf } from '../../sso/default-team';
import { type OidcProvider, OidcProviderSchema, presentOidcProvider } from '../oidc-provider-schema';
import { OidcProviderIdParam, OrganizationIdParam } from './params';

export const getOidcProvider = operation({
  name: 'orgs.oidc.get',
  kind: 'query',
  summary: 'Get an OpenID Connect provider of an organization',
  input: z.strictObject({ organizationId: OrganizationIdParam, oidcProviderId: OidcProviderIdParam }),
  output: OidcProviderSchema,
  async run(ctx, input): Promise<OidcProvider> {
    const { organization, permissions } = await authorizeOrganization(ctx, input.organizationId, 'admin');
    const provider = await ctx.repos.oidcProviders.findById(organization.id, input.oidcProviderId);
    if (!provider) throw notFound('OpenID Connect provider');
    const defaultTeamOf = await defaultTeamsOf(ctx, { id: organization.id, permissions }, [provider]);
    return presentOidcProvider(ctx.urls, provider, defaultTeamOf(provider));
  },
});
