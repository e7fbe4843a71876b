import { z } from 'zod';
import { operation } from '../../../core/operation';
import { type Page, pageRequest, pageSchemaOf, pagingShape, toPage } from '../../../core/paging';
import { authorizeOrganization } from '../../../policies/organization-policy';
import { type InviteLink, InviteLinkSchema, presentInviteLink } from '../invite-link-schema';
import { OrganizationIdParam } from './params';

/**
 * Lists the organization's invite links, oldest first. Admins only: a link's URL lets
 * anyone join with its role, so reading it is as much as inviting.
 */
export const listInviteLinks = operation({
  name: 'orgs.inviteLinks.list',
  kind: 'query',
  summary: 'List the invite links of an organization',
  input: z.strictObject({ organizationId: OrganizationIdParam, ...pagingShape }),
  output: pageSchemaOf(InviteLinkSchema),
  async run(ctx, input): Promise<Page<InviteLink>> {
    const { member } = await authorizeOrganization(ctx, input.organizationId, 'admin');
    const [slice, count] = await Promise.all([
      ctx.repos.inviteLinks.list(input.organizationId, pageRequest(input)),
      ctx.repos.inviteLinks.count(input.organizationId),
    ]);
    return toPage(slice, count, (link) => presentInviteLink(ctx.urls, link, member));
  },
});
