import { z } from 'zod';
import { notFound } from '../../core/errors';
import { operation } from '../../core/operation';
import { isEmptyPatch, patchOf } from '../../core/patch';
import { RoleOrGuestSchema } from '../../core/schemas';
import { authorizeOrganization } from '../../policies/organization-policy';
import {
  DefaultContentSchema,
  EmailDomainsSchema,
  LogoUrlSchema,
  OrganizationHostnameSchema,
  OrganizationTitleSchema,
} from '../fields';
import { OrganizationSchema, presentOrganization } from '../organization-schema';
import type { OrganizationUpdate } from '../ports';
import { OrganizationIdParam } from './params';

export const UpdateOrganizationInputSchema = z.strictObject({
  organizationId: OrganizationIdParam,
  /** 2 to 255 characters. */
  title: OrganizationTitleSchema.optional(),
  /** Replaces the list; an empty list removes every domain. */
  emailDomains: EmailDomainsSchema.optional(),
  /** 3 to 32 characters, unique on the instance (409 when taken). */
  hostname: OrganizationHostnameSchema.optional(),
  /** null: people who join become guests. */
  defaultRole: RoleOrGuestSchema.optional().describe('Role of people who join (null: guest)'),
  /** null removes it. */
  defaultContent: DefaultContentSchema.nullable()
    .optional()
    .describe('Content served at the hostname; null removes it'),
  /** null removes it. */
  logo: LogoUrlSchema.nullable().optional().describe('URL of the logo; null removes it'),
  sso: z.boolean().optional().describe('Whether single sign-on is enforced for every member'),
  ai: z.boolean().optional().describe('Whether AI features are enabled'),
  inviteLinks: z.boolean().optional().describe('Whether members may join through invite links'),
});

export const updateOrganization = operation({
  name: 'orgs.update',
  kind: 'mutation',
  summary: 'Update the settings of an organization (admins)',
  input: UpdateOrganizationInputSchema,
  output: OrganizationSchema,
  async run(ctx, input) {
    const { organization, permissions } = await authorizeOrganization(ctx, input.organizationId, 'admin');
    const { organizationId: _id, emailDomains, ...fields } = input;
    // `defaultRole: null` means "guest", a value: only the logo and the default content clear.
    const patch = patchOf<OrganizationUpdate>(
      { ...fields, ...(emailDomains ? { emailDomains: [...new Set(emailDomains)] } : {}) },
      ['defaultContent', 'logo'],
    );
    if (isEmptyPatch(patch)) return presentOrganization(ctx.urls, organization, permissions);
    const updated = await ctx.repos.organizations.update(organization.id, patch.set, patch.unset);
    if (!updated) throw notFound('Organization');
    return presentOrganization(ctx.urls, updated, permissions);
  },
});
