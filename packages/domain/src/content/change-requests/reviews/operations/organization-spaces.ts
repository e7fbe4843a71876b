/** The spaces of an organization a person may view, read in pages of 1000 (the queue's scope). */
import type { OperationContext } from '../../../../core/context';
import { MAX_PAGE_LIMIT, type PageRequest } from '../../../../core/paging';
import { effectiveRolesFor } from '../../../../policies/content-access';
import type { SpaceRecord } from '../../../spaces/records';

export async function viewableSpacesOf(
  ctx: OperationContext,
  organizationId: string,
  userId: string,
): Promise<SpaceRecord[]> {
  const spaces: SpaceRecord[] = [];
  let page: PageRequest = { limit: MAX_PAGE_LIMIT };
  for (;;) {
    const slice = await ctx.repos.spaces.listActive(organizationId, 'asc', page);
    const roles = await effectiveRolesFor(ctx, 'space', slice.items, userId);
    spaces.push(...slice.items.filter((space) => roles.has(space.id)));
    if (!slice.next) return spaces;
    page = { limit: MAX_PAGE_LIMIT, after: slice.next };
  }
}
