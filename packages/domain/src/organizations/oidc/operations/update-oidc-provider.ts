import { z } from 'zod';
import { notFound } from '../../../core/errors';
import { operation } from '../../../core/operation';
import { IdSchema, RoleOrGuestSchema } from '../../../core/schemas';
import { authorizeOrganization } from '../../../policies/organization-policy';
import { assertTeamOfOrganization, defaultTeamsOf } from '../../sso/default-team';
import {
  OidcClientIdSchema,
  OidcClientSecretSchema,
  OidcIssuerSchema,
  OidcLabelSchema,
  OidcScopesSchema,
  oidcProviderStatus,
} from '../oidc-fields';
import { type OidcProvider, OidcProviderSchema, presentOidcProvider } from '../oidc-provider-schema';
import type { OidcProviderUpdate } from '../ports';
import { OidcProviderIdParam, OrganizationIdParam } from './params';

/** Changes the fields sent (admins only); the status follows the fields. A new secret is sealed as on creation. */
export const updateOidcProvider = operation({
  name: 'orgs.oidc.update',
  kind: 'mutation',
  summary: 'Update an OpenID Connect provider',
  input: z.strictObject({
    organizationId: OrganizationIdParam,
    oidcProviderId: OidcProviderIdParam,
    label: OidcLabelSchema.optional(),
    issuer: OidcIssuerSchema.optional(),
    clientId: OidcClientIdSchema.optional(),
    clientSecret: OidcClientSecretSchema.optional(),
    scopes: OidcScopesSchema.optional(),
    /** null: people who join are added to no team. */
    defaultTeam: IdSchema.nullable()
      .optional()
      .describe('Id of the team that people who join through the provider are added to (null: none)'),
    defaultRole: RoleOrGuestSchema.optional().describe(
      'Role of people who join through the provider (null: guest)',
    ),
  }),
  output: OidcProviderSchema,
  async run(ctx, input): Promise<OidcProvider> {
    const { organization, permissions } = await authorizeOrganization(ctx, input.organizationId, 'admin');
    const existing = await ctx.repos.oidcProviders.findById(organization.id, input.oidcProviderId);
    if (!existing) throw notFound('OpenID Connect provider');
    if (input.defaultTeam != null) await assertTeamOfOrganization(ctx, organization.id, input.defaultTeam);

    const set: OidcProviderUpdate = {};
    if (input.label !== undefined) set.label = input.label;
    if (input.issuer !== undefined) set.issuer = input.issuer;
    if (input.clientId !== undefined) set.clientId = input.clientId;
    if (input.clientSecret !== undefined) set.sealedClientSecret = ctx.secrets.seal(input.clientSecret);
    if (input.scopes !== undefined) set.scopes = input.scopes;
    if (input.defaultTeam != null) set.defaultTeam = input.defaultTeam;
    if (input.defaultRole !== undefined) set.defaultRole = input.defaultRole;
    set.status = oidcProviderStatus({ ...existing, ...set });
    const unset: Array<keyof OidcProviderUpdate> = input.defaultTeam === null ? ['defaultTeam'] : [];

    const updated = await ctx.repos.oidcProviders.update(organization.id, existing.id, set, unset);
    if (!updated) throw notFound('OpenID Connect provider');
    const defaultTeamOf = await defaultTeamsOf(ctx, { id: organization.id, permissions }, [updated]);
    return presentOidcProvider(ctx.urls, updated, defaultTeamOf(updated));
  },
});
