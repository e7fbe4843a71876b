import { callerOf } from '../../core/context';
import { notFound } from '../../core/errors';
import { operation } from '../../core/operation';
import { organizationPermissions } from '../../policies/organization-policy';
import { assertSessionMayCreateOrganization } from '../../policies/session-reach';
import { CreateOrganizationFieldsSchema, createOrganizationWithOwner } from '../create-organization';
import { OrganizationSchema, presentOrganization } from '../organization-schema';

/** GitBook's document has the `CreateOrganization` body but no path for it; Quire serves it as `POST /v1/orgs`. */
export const createOrganization = operation({
  name: 'orgs.create',
  kind: 'mutation',
  summary: 'Create an organization; the caller becomes its first admin',
  input: CreateOrganizationFieldsSchema,
  output: OrganizationSchema,
  async run(ctx, input) {
    assertSessionMayCreateOrganization(ctx);
    const owner = await ctx.repos.users.findById(callerOf(ctx).userId);
    if (!owner) throw notFound('User');
    const organization = await createOrganizationWithOwner(ctx, { ...input, owner });
    const member = await ctx.repos.members.find(organization.id, owner.id);
    // A new organization has no team yet, so the creator owns none.
    return presentOrganization(ctx.urls, organization, organizationPermissions({ member }));
  },
});
