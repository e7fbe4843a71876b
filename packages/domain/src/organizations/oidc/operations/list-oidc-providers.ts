import { z } from 'zod';
import { operation } from '../../../core/operation';
import { type Page, pageRequest, pageSchemaOf, pagingShape, toPage } from '../../../core/paging';
import { authorizeOrganization } from '../../../policies/organization-policy';
import { defaultTeamsOf } from '../../sso/default-team';
import { type OidcProvider, OidcProviderSchema, presentOidcProvider } from '../oidc-provider-schema';
import { OrganizationIdParam } from './params';

/** The organization's OpenID Connect providers, oldest first (admins only, as every provider operation). */
export const listOidcProviders = operation({
  name: 'orgs.oidc.list',
  kind: 'query',
  summary: 'List the OpenID Connect providers of an organization',
  input: z.strictObject({ organizationId: OrganizationIdParam, ...pagingShape }),
  output: pageSchemaOf(OidcProviderSchema),
  async run(ctx, input): Promise<Page<OidcProvider>> {
    const { organization, permissions } = await authorizeOrganization(ctx, input.organizationId, 'admin');
    const [slice, count] = await Promise.all([
      ctx.repos.oidcProviders.list(organization.id, pageRequest(input)),
      ctx.repos.oidcProviders.count(organization.id),
    ]);
    const defaultTeamOf = await defaultTeamsOf(ctx, { id: organization.id, permissions }, slice.items);
    return toPage(slice, count, (provider) =>
      presentOidcProvider(ctx.urls, provider, defaultTeamOf(provider)),
    );
  },
});
