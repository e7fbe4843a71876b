import { z } from 'zod';
import { operation } from '../../../core/operation';
import { type Page, pageRequest, pageSchemaOf, pagingShape, toPage } from '../../../core/paging';
import { authorizeOrganization } from '../../../policies/organization-policy';
import { type Invitation, InvitationSchema, presentInvitation } from '../invitation-schema';
import { OrganizationIdParam } from './params';

/**
 * Lists the organization's pending invitations, oldest first, expired ones included (marked
 * `expired`: send them again or revoke them). Admins only, as inviting is. No link is shown:
 * the store has only its token's hash (sending again makes a new one).
 */
export const listInvitations = operation({
  name: 'orgs.invitations.list',
  kind: 'query',
  summary: 'List the pending invitations of an organization (admins)',
  input: z.strictObject({ organizationId: OrganizationIdParam, ...pagingShape }),
  output: pageSchemaOf(InvitationSchema),
  async run(ctx, input): Promise<Page<Invitation>> {
    await authorizeOrganization(ctx, input.organizationId, 'admin');
    const [slice, count] = await Promise.all([
      ctx.repos.invitations.list(input.organizationId, pageRequest(input)),
      ctx.repos.invitations.count(input.organizationId),
    ]);
    const now = ctx.clock.now();
    return toPage(slice, count, (invitation) => presentInvitation(ctx.urls, invitation, now));
  },
});
