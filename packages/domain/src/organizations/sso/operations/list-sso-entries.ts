import { z } from 'zod';
import { notFound } from '../../../core/errors';
import { operation } from '../../../core/operation';
import { oidcSsoEntries } from '../../oidc/oidc-sso-entries';
import { presentSsoEntry, type SsoEntry, SsoEntrySchema } from '../sso-entry-schema';
import { OrganizationIdParam } from './params';

/**
 * The ways to sign in to an organization through SSO: its active SAML providers, then its
 * active OpenID Connect providers, each oldest first, not paged (an organization has a handful). As in GitBook's document, anyone may read
 * it, without a token: the sign-in screen shows it to people not signed in yet. It shows
 * labels and start URLs (public anyway: the provider sends everyone there), nothing of the
 * providers' configuration; an unknown organization is 404.
 */
export const listSsoEntries = operation({
  name: 'orgs.sso.list',
  kind: 'query',
  access: 'visitor',
  summary: 'List the ways to sign in to an organization through single sign-on',
  input: z.strictObject({ organizationId: OrganizationIdParam }),
  output: z
    .object({ items: z.array(SsoEntrySchema) })
    .meta({ id: 'SSOEntryList', description: 'The single sign-on entries of an organization' }),
  async run(ctx, input): Promise<{ items: SsoEntry[] }> {
    const organization = await ctx.repos.organizations.findById(input.organizationId);
    if (!organization) throw notFound('Organization');
    const [saml, oidc] = await Promise.all([
      ctx.repos.samlProviders.listActive(organization.id),
      oidcSsoEntries(ctx, organization.id),
    ]);
    return { items: [...saml.map((provider) => presentSsoEntry(ctx.urls, provider)), ...oidc] };
  },
});
