import { z } from 'zod';
import { operation } from '../../core/operation';
import { authorizeOrganization } from '../../policies/organization-policy';
import { OrganizationSchema, presentOrganization } from '../organization-schema';
import { OrganizationIdParam } from './params';

export const getOrganization = operation({
  name: 'orgs.get',
  kind: 'query',
  summary: 'Get an organization the caller is a member of',
  input: z.strictObject({ organizationId: OrganizationIdParam }),
  output: OrganizationSchema,
  async run(ctx, input) {
    const { organization, permissions } = await authorizeOrganization(ctx, input.organizationId, 'view');
    return presentOrganization(ctx.urls, organization, permissions);
  },
});
