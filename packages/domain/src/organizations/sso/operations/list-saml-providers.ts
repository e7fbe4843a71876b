import { z } from 'zod';
import { operation } from '../../../core/operation';
import { type Page, pageRequest, pageSchemaOf, pagingShape, toPage } from '../../../core/paging';
import { authorizeOrganization } from '../../../policies/organization-policy';
import { defaultTeamsOf } from '../default-team';
import { presentSamlProvider, type SamlProvider, SamlProviderSchema } from '../saml-provider-schema';
import { OrganizationIdParam } from './params';

/** The organization's SAML providers, oldest first (admins only, as every SAML operation). */
export const listSamlProviders = operation({
  name: 'orgs.saml.list',
  kind: 'query',
  summary: 'List the SAML providers of an organization',
  input: z.strictObject({ organizationId: OrganizationIdParam, ...pagingShape }),
  output: pageSchemaOf(SamlProviderSchema),
  async run(ctx, input): Promise<Page<SamlProvider>> {
    const { organization, permissions } = await authorizeOrganization(ctx, input.organizationId, 'admin');
    const [slice, count] = await Promise.all([
      ctx.repos.samlProviders.list(organization.id, pageRequest(input)),
      ctx.repos.samlProviders.count(organization.id),
    ]);
    const defaultTeamOf = await defaultTeamsOf(ctx, { id: organization.id, permissions }, slice.items);
    return toPage(slice, count, (provider) =>
      presentSamlProvider(ctx.urls, provider, defaultTeamOf(provider)),
    );
  },
});
