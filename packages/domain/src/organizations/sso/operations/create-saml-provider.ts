import { z } from 'zod';
import { operation } from '../../../core/operation';
import { IdSchema, RoleOrGuestSchema } from '../../../core/schemas';
import { authorizeOrganization } from '../../../policies/organization-policy';
import { assertTeamOfOrganization, defaultTeamsOf } from '../default-team';
import type { SamlProviderRecord } from '../records';
import {
  SamlCertificateSchema,
  SamlEntityIdSchema,
  SamlLabelSchema,
  SamlSsoUrlSchema,
  samlProviderStatus,
} from '../saml-fields';
import { presentSamlProvider, type SamlProvider, SamlProviderSchema } from '../saml-provider-schema';
import { OrganizationIdParam } from './params';

/**
 * Adds a SAML provider (admins only). Only the label is required, as in GitBook's API: the
 * provider stays 'pending' until its entity ID, certificate and sign-on URL are all set.
 * Without `defaultRole`, people who join through it get 'read', the least role that shows
 * them content.
 */
export const createSamlProvider = operation({
  name: 'orgs.saml.create',
  kind: 'mutation',
  summary: 'Add a SAML provider to an organization',
  input: z.strictObject({
    organizationId: OrganizationIdParam,
    label: SamlLabelSchema,
    entityID: SamlEntityIdSchema.optional(),
    certificate: SamlCertificateSchema.optional(),
    ssoURL: SamlSsoUrlSchema.optional(),
    /** Id of a team of the organization. */
    defaultTeam: IdSchema.optional().describe(
      'Id of the team that people who join through the provider are added to',
    ),
    defaultRole: RoleOrGuestSchema.optional().describe(
      "Role of people who join through the provider (null: guest; default 'read')",
    ),
  }),
  output: SamlProviderSchema,
  async run(ctx, input): Promise<SamlProvider> {
    const { organization, permissions } = await authorizeOrganization(ctx, input.organizationId, 'admin');
    if (input.defaultTeam !== undefined)
      await assertTeamOfOrganization(ctx, organization.id, input.defaultTeam);
    const fields = {
      ...(input.entityID !== undefined ? { entityID: input.entityID } : {}),
      ...(input.certificate !== undefined ? { certificate: input.certificate } : {}),
      ...(input.ssoURL !== undefined ? { ssoURL: input.ssoURL } : {}),
    };
    const provider: SamlProviderRecord = {
      id: ctx.ids.newId(),
      organizationId: organization.id,
      label: input.label,
      ...fields,
      ...(input.defaultTeam !== undefined ? { defaultTeam: input.defaultTeam } : {}),
      defaultRole: input.defaultRole === undefined ? 'read' : input.defaultRole,
      status: samlProviderStatus(fields),
      createdAt: ctx.clock.now().toISOString(),
    };
    await ctx.repos.samlProviders.insert(provider);
    const defaultTeamOf = await defaultTeamsOf(ctx, { id: organization.id, permissions }, [provider]);
    return presentSamlProvider(ctx.urls, provider, defaultTeamOf(provider));
  },
});
