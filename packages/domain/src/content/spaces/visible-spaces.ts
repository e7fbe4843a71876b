/**
 * Pages of the spaces a person can view, among an organization's active spaces.
 *
 * Visibility comes from the access model (`spaceAccessFor`: default levels up the collection
 * chain, grants to the person and their teams), which no store query can express without
 * copying those rules. So the page is filled from the keyset-paged list of active spaces
 * (index `{organizationId, deletedAt, _id}`), in batches, each batch's access computed in a
 * fixed number of queries, until `limit + 1` visible spaces are found (the extra one says
 * whether a next page exists). The cursor is the id of the last space returned, so no space
 * is skipped or repeated whatever the others' visibility. For whoever sees every space (an
 * admin, or a member when nothing is restricted) one batch fills the page: the cost does not
 * grow with the organization. A person who sees few of many spaces would scan far: a scan
 * budget bounds each request, which then returns a shorter page with a `next` cursor.
 */

import type { OperationContext } from '../../core/context';
import { keptRowsPage, type PageRequest, type Slice } from '../../core/paging';
import { type SpaceAccess, spaceAccessFor } from '../../policies/authorize-space';
import type { SpaceRecord } from './records';

/** Rows examined per request at most (beyond the page itself). */
export const SCAN_BUDGET = 5000;

export interface VisibleSpace {
  space: SpaceRecord;
  access: SpaceAccess;
}

export function visibleSpacesPage(
  ctx: OperationContext,
  organizationId: string,
  options: { order: 'asc' | 'desc'; page: PageRequest; userId?: string },
): Promise<Slice<VisibleSpace>> {
  return keptRowsPage(
    options.page,
    (batch) => ctx.repos.spaces.listActive(organizationId, options.order, batch),
    async (batch) => {
      const access = await spaceAccessFor(ctx, batch.items, options.userId);
      return batch.items.flatMap((space, i) => {
        const spaceAccess = access.get(space.id);
        const cursor = batch.cursors[i];
        return spaceAccess && cursor ? [{ item: { space, access: spaceAccess }, cursor }] : [];
      });
    },
    SCAN_BUDGET,
  );
}
