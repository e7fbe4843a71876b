import { z } from 'zod';
import { callerOf } from '../../../core/context';
import { forbidden, notFound } from '../../../core/errors';
import { operation } from '../../../core/operation';
import { type Page, pageRequest, pageSchemaOf, pagingShape, toPage } from '../../../core/paging';
import { RoleSchema, SortOrderSchema } from '../../../core/schemas';
import { OrganizationIdParam, UserIdParam } from '../../../organizations';
import { spaceAccessFor } from '../../../policies/authorize-space';
import { authorizeOrganization } from '../../../policies/organization-policy';
import { presentSpace, SpaceSchema } from '../space-schema';
import { visibleSpacesPage } from '../visible-spaces';

export const MemberContentPermissionSchema = z
  .object({
    /** The member's effective role on the space (the access model's, as for any caller). */
    permission: RoleSchema,
    space: SpaceSchema,
  })
  .meta({ id: 'MemberContentPermission', description: 'The role a member holds on a space' });

type MemberContentPermission = z.infer<typeof MemberContentPermissionSchema>;

/**
 * The spaces a member can view, with the role they hold on each, newest first by default.
 * Organization admins may ask about anyone; other members only about themselves. The
 * embedded Space carries the caller's own permissions, as every Space does. `count` is the
 * organization's number of active spaces (see `orgs.spaces.list`).
 */
export const listMemberSpaces = operation({
  name: 'spaces.listForMember',
  kind: 'query',
  summary: "List the spaces a member can view, with the member's role on each",
  input: z.strictObject({
    organizationId: OrganizationIdParam,
    userId: UserIdParam,
    ...pagingShape,
    /** By creation of the space; default 'desc' (newest first). */
    order: SortOrderSchema.optional().describe('Order of the spaces by creation (default desc)'),
  }),
  output: pageSchemaOf(MemberContentPermissionSchema),
  async run(ctx, input): Promise<Page<MemberContentPermission>> {
    const { member: caller } = await authorizeOrganization(ctx, input.organizationId, 'view');
    const self = callerOf(ctx).userId === input.userId;
    if (!self && caller.role !== 'admin') {
      throw forbidden("Only organization admins may list another member's spaces");
    }
    const member = await ctx.repos.members.find(input.organizationId, input.userId);
    if (!member) throw notFound('Member');
    const [slice, count] = await Promise.all([
      visibleSpacesPage(ctx, input.organizationId, {
        order: input.order ?? 'desc',
        page: pageRequest(input),
        userId: input.userId,
      }),
      ctx.repos.spaces.countActive(input.organizationId),
    ]);
    const callerAccess = self
      ? new Map(slice.items.map(({ space, access }) => [space.id, access]))
      : await spaceAccessFor(
          ctx,
          slice.items.map(({ space }) => space),
        );
    return toPage(slice, count, ({ space, access }) => ({
      permission: access.role,
      space: presentSpace(ctx.urls, space, (callerAccess.get(space.id) ?? access).permissions),
    }));
  },
});
