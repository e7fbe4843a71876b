import { z } from 'zod';
import { operation } from '../../../core/operation';
import { IdSchema, RoleOrGuestSchema } from '../../../core/schemas';
import { authorizeOrganization } from '../../../policies/organization-policy';
import { assertTeamOfOrganization, defaultTeamsOf } from '../../sso/default-team';
import {
  DEFAULT_OIDC_SCOPES,
  OidcClientIdSchema,
  OidcClientSecretSchema,
  OidcIssuerSchema,
  OidcLabelSchema,
  OidcScopesSchema,
  oidcProviderStatus,
} from '../oidc-fields';
import { type OidcProvider, OidcProviderSchema, presentOidcProvider } from '../oidc-provider-schema';
import type { OidcProviderRecord } from '../records';
import { OrganizationIdParam } from './params';

/**
 * Adds an OpenID Connect provider (admins only), as SAML providers are added: only the label
 * is required, and the provider stays 'pending' until its issuer, client id and client
 * secret are all set. The secret is sealed before it is stored and never returned. Without
 * `scopes`, `openid email profile`; without `defaultRole`, 'read'.
 */
export const createOidcProvider = operation({
  name: 'orgs.oidc.create',
  kind: 'mutation',
  summary: 'Add an OpenID Connect provider to an organization',
  input: z.strictObject({
    organizationId: OrganizationIdParam,
    label: OidcLabelSchema,
    issuer: OidcIssuerSchema.optional(),
    clientId: OidcClientIdSchema.optional(),
    clientSecret: OidcClientSecretSchema.optional(),
    scopes: OidcScopesSchema.optional(),
    defaultTeam: IdSchema.optional().describe(
      'Id of the team that people who join through the provider are added to',
    ),
    defaultRole: RoleOrGuestSchema.optional().describe(
      "Role of people who join through the provider (null: guest; default 'read')",
    ),
  }),
  output: OidcProviderSchema,
  async run(ctx, input): Promise<OidcProvider> {
    const { organization, permissions } = await authorizeOrganization(ctx, input.organizationId, 'admin');
    if (input.defaultTeam !== undefined)
      await assertTeamOfOrganization(ctx, organization.id, input.defaultTeam);
    const fields = {
      ...(input.issuer !== undefined ? { issuer: input.issuer } : {}),
      ...(input.clientId !== undefined ? { clientId: input.clientId } : {}),
      ...(input.clientSecret !== undefined
        ? { sealedClientSecret: ctx.secrets.seal(input.clientSecret) }
        : {}),
    };
    const provider: OidcProviderRecord = {
      id: ctx.ids.newId(),
      organizationId: organization.id,
      label: input.label,
      ...fields,
      scopes: input.scopes ?? DEFAULT_OIDC_SCOPES,
      ...(input.defaultTeam !== undefined ? { defaultTeam: input.defaultTeam } : {}),
      defaultRole: input.defaultRole === undefined ? 'read' : input.defaultRole,
      status: oidcProviderStatus(fields),
      createdAt: ctx.clock.now().toISOString(),
    };
    await ctx.repos.oidcProviders.insert(provider);
    const defaultTeamOf = await defaultTeamsOf(ctx, { id: organization.id, permissions }, [provider]);
    return presentOidcProvider(ctx.urls, provider, defaultTeamOf(provider));
  },
});
