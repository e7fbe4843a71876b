import { z } from 'zod';
import { operation } from '../../../core/operation';
import { authorizeOrganization } from '../../../policies/organization-policy';
import { presentSsoEntry, type SsoEntry, SsoEntrySchema } from '../sso-entry-schema';
import { OrganizationIdParam } from './params';

/**
 * The ways to sign in to an organization through SSO: its active SAML providers, oldest
 * first, not paged (an organization has a handful). GitBook's document lists this endpoint
 * without authentication, for sign-in pages; here every operation needs a token, and any
 * member of the organization (guests included) may read it: it shows labels and start URLs,
 * nothing of the providers' configuration.
 */
export const listSsoEntries = operation({
  name: 'orgs.sso.list',
  kind: 'query',
  summary: 'List the ways to sign in to an organization through single sign-on',
  input: z.strictObject({ organizationId: OrganizationIdParam }),
  output: z
    .object({ items: z.array(SsoEntrySchema) })
    .meta({ id: 'SSOEntryList', description: 'The single sign-on entries of an organization' }),
  async run(ctx, input): Promise<{ items: SsoEntry[] }> {
    const { organization } = await authorizeOrganization(ctx, input.organizationId, 'view');
    const providers = await ctx.repos.samlProviders.listActive(organization.id);
    return { items: providers.map((provider) => presentSsoEntry(ctx.urls, provider)) };
  },
});
