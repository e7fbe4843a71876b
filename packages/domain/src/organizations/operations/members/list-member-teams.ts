import { z } from 'zod';
import { operation } from '../../../core/operation';
import { pageRequest, pageSchemaOf, pagingShape } from '../../../core/paging';
import { authorizeMemberView } from '../../../policies/member-access';
import { TeamOfMemberSchema, teamsOfMemberPage } from '../../teams/teams-of-member';
import { OrganizationIdParam, UserIdParam } from '../params';

/** `GET ORG/members/{userId}/teams`: whoever may see the member sees the teams they are in. */
export const listMemberTeams = operation({
  name: 'orgs.members.teams.list',
  kind: 'query',
  summary: 'List the teams a member belongs to, with their role in each',
  input: z.strictObject({
    organizationId: OrganizationIdParam,
    userId: UserIdParam,
    ...pagingShape,
    /** Case-insensitive substring of the title; empty means no filter. */
    title: z
      .string()
      .max(64)
      .optional()
      .describe('Only teams whose title contains this text (case-insensitive)'),
  }),
  output: pageSchemaOf(TeamOfMemberSchema),
  async run(ctx, input) {
    const { organization, permissions, target } = await authorizeMemberView(
      ctx,
      input.organizationId,
      input.userId,
    );
    return teamsOfMemberPage(
      ctx,
      { id: organization.id, permissions },
      target.userId,
      { title: input.title },
      pageRequest(input),
    );
  },
});
