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
import type { Cursor, PageRequest, Slice } from '../../core/paging';
import { type SpaceAccess, spaceAccessFor } from '../../policies/authorize-space';
import type { SpaceRecord } from './records';

/** Rows examined per request at most (beyond the page itself). */
export const SCAN_BUDGET = 5000;

export interface VisibleSpace {
  space: SpaceRecord;
  access: SpaceAccess;
}

export async function visibleSpacesPage(
  ctx: OperationContext,
  organizationId: string,
  options: { order: 'asc' | 'desc'; page: PageRequest; userId?: string },
): Promise<Slice<VisibleSpace>> {
  const { order, page } = options;
  const found: VisibleSpace[] = [];
  const cursors: Cursor[] = [];
  let after = page.after;
  let scanned = 0;
  for (;;) {
    const batchLimit = Math.min(Math.max(page.limit + 1 - found.length, 100), 1000);
    const batch = await ctx.repos.spaces.listActive(organizationId, order, {
      limit: batchLimit,
      ...(after ? { after } : {}),
    });
    const access = await spaceAccessFor(ctx, batch.items, options.userId);
    for (const [i, space] of batch.items.entries()) {
      const cursor = batch.cursors[i];
      const spaceAccess = access.get(space.id);
      if (!spaceAccess || !cursor) continue;
      if (found.length === page.limit) {
        // One more visible space exists: the page is full and has a next page.
        const last = cursors[cursors.length - 1];
        return { items: found, cursors, ...(last ? { next: last } : {}) };
      }
      found.push({ space, access: spaceAccess });
      cursors.push(cursor);
    }
    scanned += batch.items.length;
    if (!batch.next) return { items: found, cursors };
    after = batch.next;
    if (scanned >= SCAN_BUDGET + page.limit) {
      // Out of budget: a shorter page, resuming after the last space examined.
      return { items: found, cursors, next: after };
    }
  }
}
