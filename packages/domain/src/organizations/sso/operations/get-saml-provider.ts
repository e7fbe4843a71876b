import { z } from 'zod';
import { notFound } from '../../../core/errors';
import { operation } from '../../../core/operation';
import { authorizeOrganization } from '../../../policies/organization-policy';
import { defaultTeamsOf } from '../default-team';
import { presentSamlProvider, type SamlProvider, SamlProviderSchema } from '../saml-provider-schema';
import { OrganizationIdParam, SamlProviderIdParam } from './params';

export const getSamlProvider = operation({
  name: 'orgs.saml.get',
  kind: 'query',
  summary: 'Get a SAML provider of an organization',
  input: z.strictObject({ organizationId: OrganizationIdParam, samlProviderId: SamlProviderIdParam }),
  output: SamlProviderSchema,
  async run(ctx, input): Promise<SamlProvider> {
    const { organization, permissions } = await authorizeOrganization(ctx, input.organizationId, 'admin');
    const provider = await ctx.repos.samlProviders.findById(organization.id, input.samlProviderId);
    if (!provider) throw notFound('SAML provider');
    const defaultTeamOf = await defaultTeamsOf(ctx, { id: organization.id, permissions }, [provider]);
    return presentSamlProvider(ctx.urls, provider, defaultTeamOf(provider));
  },
});
