/**
 * `GET .../permissions/aggregate`: everyone who can access a space or a collection, with
 * their effective role as `permission` (the role the guards use: `effectiveRole` over
 * default levels, grants to the person and to their teams, on the item and its ancestors).
 * Organization admins are listed as admin; guests only when a grant reaches them; disabled
 * members never. Oldest membership first (`audience-page.ts` says how pages are filled).
 *
 * - Who may call it: anyone who may view the item, as for the lists of grants (`view`
 *   on the item); an unknown item, a deleted space, or one the caller cannot view is 404.
 * - Each User is shown as the caller sees the organization's people: with the email when
 *   the caller may list its members, without it for guests (`identity/operations/user-view.ts`).
 * - `role`: only the people whose effective role is exactly that role.
 * - `count`: exact when the whole list fits in one response (no `page` given, no `next`);
 *   otherwise the number of memberships of the organization, an upper bound of the list
 *   (with or without `role`), because counting exactly means computing everyone's role,
 *   which for a large organization is no per-request cost.
 * - A `page` that is not a cursor this list returned is a 400, before anything is read.
 */
import { z } from 'zod';
import { callerOf, type OperationContext } from '../../../core/context';
import { operation } from '../../../core/operation';
import { type Page, pageRequest, pageSchemaOf, pagingShape, toPage } from '../../../core/paging';
import { type Role, RoleSchema } from '../../../core/schemas';
import { presentUserAs, userViewIn } from '../../../identity';
import type { OrganizationRecord } from '../../../organizations';
import { authorizeCollection } from '../../../policies/authorize-collection';
import { authorizeSpace } from '../../../policies/authorize-space';
import type { ContentItem, ContentKind } from '../../../policies/content-access';
import { loadRolesOnItem } from '../../../policies/roles-on-item';
import { audiencePage } from './audience-page';
import { type ContentTargetKind, splitInput, targetIdShape } from './content-target';
import { UserContentPermissionSchema } from './grant-schemas';

type AggregateFields = {
  page?: string | undefined;
  limit?: number | undefined;
  role?: Role | undefined;
};
type Item = z.infer<typeof UserContentPermissionSchema>;

/** The guard of the item's kind, for `view`, and the item as the access rules read it. */
async function authorizeView(
  ctx: OperationContext,
  kind: ContentKind,
  id: string,
): Promise<{ organization: OrganizationRecord; item: ContentItem }> {
  if (kind === 'space') {
    const { organization, space } = await authorizeSpace(ctx, id, 'view');
    return { organization, item: space };
  }
  const { organization, collection } = await authorizeCollection(ctx, id, 'view');
  return { organization, item: collection };
}

export function listPermissionsAggregate<IdField extends string>(
  name: string,
  target: ContentTargetKind<IdField>,
) {
  return operation({
    name,
    kind: 'query',
    summary: `List everyone who can access a ${target.noun}, with their effective role`,
    input: z.strictObject({
      ...targetIdShape(target),
      ...pagingShape,
      role: RoleSchema.optional().describe('Only the users whose effective role is exactly this role'),
    }),
    output: pageSchemaOf(UserContentPermissionSchema),
    async run(ctx, input): Promise<Page<Item>> {
      const { id, fields } = splitInput<AggregateFields, IdField>(target, input);
      const page = pageRequest(fields);
      const { organization, item } = await authorizeView(ctx, target.kind, id);
      const [rules, callerMembership] = await Promise.all([
        loadRolesOnItem(ctx, target.kind, item),
        ctx.repos.members.find(organization.id, callerOf(ctx).userId),
      ]);
      const slice = await audiencePage(ctx, {
        organizationId: organization.id,
        rules,
        role: fields.role,
        page,
      });
      const complete = fields.page === undefined && slice.next === undefined;
      const count = complete ? slice.items.length : await ctx.repos.members.count(organization.id, {});
      const view = userViewIn(callerMembership) ?? 'withoutEmail';
      return toPage(slice, count, (row) => ({
        permission: row.role,
        user: presentUserAs(ctx, row.user, view),
      }));
    },
  });
}
