import { z } from 'zod';
import { operation } from '../../../core/operation';
import { countOfList, pageRequest, pageSchemaOf, pagingShape, toPage } from '../../../core/paging';
import { ROLES, SortOrderSchema } from '../../../core/schemas';
import { authorizeOrganization } from '../../../policies/organization-policy';
import { MemberSchema } from '../../member-schema';
import { MEMBER_SORTS, type MemberListQuery } from '../../ports';
import { memberPresenterFor } from '../../present-in-batch';
import { OrganizationIdParam } from '../params';

export const MemberRoleFilterSchema = z
  .enum([...ROLES, 'guest'])
  .meta({ id: 'MemberRoleFilter', description: 'A role, or "guest" for members without one' });

export const ListMembersInputSchema = z.strictObject({
  organizationId: OrganizationIdParam,
  ...pagingShape,
  /** Default 'desc'. */
  order: SortOrderSchema.optional().describe('Order of the results (default desc)'),
  /** A role, or 'guest'. */
  role: MemberRoleFilterSchema.optional().describe('Only members with this role ("guest": only guests)'),
  /** Case-insensitive substring of the display name or the email address; empty means no filter. */
  search: z
    .string()
    .trim()
    .max(256)
    .optional()
    .describe('Only members whose name or email contains this text'),
  /** Default 'joinedAt'; 'lastSeenAt' lists only members seen at least once. */
  sort: z
    .enum(MEMBER_SORTS)
    .optional()
    .describe('Field to sort by (default joinedAt); lastSeenAt lists only members seen at least once'),
});

export const listMembers = operation({
  name: 'orgs.members.list',
  kind: 'query',
  summary: 'List the members of an organization',
  input: ListMembersInputSchema,
  output: pageSchemaOf(MemberSchema),
  async run(ctx, input) {
    await authorizeOrganization(ctx, input.organizationId, 'listMembers');
    const query: MemberListQuery = { sort: input.sort ?? 'joinedAt', order: input.order ?? 'desc' };
    if (input.role !== undefined) query.role = input.role === 'guest' ? null : input.role;
    if (input.search) query.search = input.search;
    const page = pageRequest(input);
    const slice = await ctx.repos.members.list(input.organizationId, query, page);
    const count = await countOfList(slice, page, () => ctx.repos.members.count(input.organizationId, query));
    // Who may list the members sees them whole.
    const present = await memberPresenterFor(ctx, input.organizationId, slice.items, 'full');
    return toPage(slice, count, present);
  },
});
