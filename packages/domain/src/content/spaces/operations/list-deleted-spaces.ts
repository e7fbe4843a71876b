import { z } from 'zod';
import { operation } from '../../../core/operation';
import {
  keptRowsPage,
  type Page,
  pageRequest,
  pageSchemaOf,
  pagingShape,
  toPage,
} from '../../../core/paging';
import { OrganizationIdParam } from '../../../organizations';
import { spaceAccessFor } from '../../../policies/authorize-space';
import { authorizeOrganization } from '../../../policies/organization-policy';
import { restorableSince } from '../restore-window';
import { presentSpace, type Space, SpaceSchema } from '../space-schema';
import { SCAN_BUDGET } from '../visible-spaces';

/**
 * The spaces of an organization that the caller could restore now: deleted within the restore
 * window (7 days), and the caller administers them (the right `spaces.restore` needs), newest
 * first. An extension of GitBook's API, so a person can find what they may bring back
 * without knowing its id. Outcomes: an organization the caller is not in, 404; a `page` that
 * is not a cursor of this list, 400. `count` is the number of listed spaces when the list
 * fits one page, else an upper bound (every space of the organization deleted in the window).
 */
export const listDeletedSpaces = operation({
  name: 'spaces.listDeleted',
  kind: 'query',
  summary: 'List the deleted spaces of an organization the caller can still restore',
  input: z.strictObject({ organizationId: OrganizationIdParam, ...pagingShape }),
  output: pageSchemaOf(SpaceSchema),
  async run(ctx, input): Promise<Page<Space>> {
    await authorizeOrganization(ctx, input.organizationId, 'view');
    const since = restorableSince(ctx.clock.now());
    const page = pageRequest(input);
    const slice = await keptRowsPage(
      page,
      (batch) => ctx.repos.spaces.listDeletedSince(input.organizationId, since, batch),
      async (batch) => {
        const access = await spaceAccessFor(ctx, batch.items);
        return batch.items.flatMap((space, i) => {
          const spaceAccess = access.get(space.id);
          const cursor = batch.cursors[i];
          return spaceAccess?.permissions.admin && cursor ? [{ item: { space, spaceAccess }, cursor }] : [];
        });
      },
      SCAN_BUDGET,
    );
    // Exact when the whole list is on this page; else every space deleted in the window.
    const whole = slice.next === undefined && page.after === undefined;
    const count = whole
      ? slice.items.length
      : await ctx.repos.spaces.countDeletedSince(input.organizationId, since);
    return toPage(slice, count, ({ space, spaceAccess }) =>
      presentSpace(ctx.urls, space, spaceAccess.permissions),
    );
  },
});
