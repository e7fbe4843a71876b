import { z } from 'zod';
import { notFound } from '../../../core/errors';
import { operation } from '../../../core/operation';
import { IdSchema, RoleOrGuestSchema } from '../../../core/schemas';
import { authorizeOrganization } from '../../../policies/organization-policy';
import { assertTeamOfOrganization, defaultTeamsOf } from '../default-team';
import type { SamlProviderUpdate } from '../ports';
import {
  SamlCertificateSchema,
  SamlEntityIdSchema,
  SamlLabelSchema,
  SamlSsoUrlSchema,
  samlProviderStatus,
} from '../saml-fields';
import { presentSamlProvider, type SamlProvider, SamlProviderSchema } from '../saml-provider-schema';
import { OrganizationIdParam, SamlProviderIdParam } from './params';

/** Changes the fields sent (admins only); the status follows the fields. */
export const updateSamlProvider = operation({
  name: 'orgs.saml.update',
  kind: 'mutation',
  summary: 'Update a SAML provider',
  input: z.strictObject({
    organizationId: OrganizationIdParam,
    samlProviderId: SamlProviderIdParam,
    label: SamlLabelSchema.optional(),
    entityID: SamlEntityIdSchema.optional(),
    certificate: SamlCertificateSchema.optional(),
    ssoURL: SamlSsoUrlSchema.optional(),
    /** null: people who join are added to no team. */
    defaultTeam: IdSchema.nullable()
      .optional()
      .describe('Id of the team that people who join through the provider are added to (null: none)'),
    defaultRole: RoleOrGuestSchema.optional().describe(
      'Role of people who join through the provider (null: guest)',
    ),
  }),
  output: SamlProviderSchema,
  async run(ctx, input): Promise<SamlProvider> {
    const { organization, permissions } = await authorizeOrganization(ctx, input.organizationId, 'admin');
    const existing = await ctx.repos.samlProviders.findById(organization.id, input.samlProviderId);
    if (!existing) throw notFound('SAML provider');
    if (input.defaultTeam != null) await assertTeamOfOrganization(ctx, organization.id, input.defaultTeam);

    const set: SamlProviderUpdate = {};
    if (input.label !== undefined) set.label = input.label;
    if (input.entityID !== undefined) set.entityID = input.entityID;
    if (input.certificate !== undefined) set.certificate = input.certificate;
    if (input.ssoURL !== undefined) set.ssoURL = input.ssoURL;
    if (input.defaultTeam != null) set.defaultTeam = input.defaultTeam;
    if (input.defaultRole !== undefined) set.defaultRole = input.defaultRole;
    set.status = samlProviderStatus({ ...existing, ...set });
    const unset: Array<keyof SamlProviderUpdate> = input.defaultTeam === null ? ['defaultTeam'] : [];

    const updated = await ctx.repos.samlProviders.update(organization.id, existing.id, set, unset);
    if (!updated) throw notFound('SAML provider');
    const defaultTeamOf = await defaultTeamsOf(ctx, { id: organization.id, permissions }, [updated]);
    return presentSamlProvider(ctx.urls, updated, defaultTeamOf(updated));
  },
});
