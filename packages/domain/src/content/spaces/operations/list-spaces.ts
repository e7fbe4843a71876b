import { z } from 'zod';
import { operation } from '../../../core/operation';
import { type Page, pageRequest, pageSchemaOf, pagingShape, toPage } from '../../../core/paging';
import { OrganizationIdParam } from '../../../organizations';
import { authorizeOrganization } from '../../../policies/organization-policy';
import { presentSpace, type Space, SpaceSchema } from '../space-schema';
import { visibleSpacesPage } from '../visible-spaces';

/**
 * The spaces of an organization the caller can view, oldest first; deleted ones are left
 * out. `count` is the number of the organization's active spaces: exact for whoever can
 * view them all (admins, and members when no space is restricted), an upper bound for the
 * others, because counting exactly what they see means evaluating access on every space of
 * the organization, which at 100k spaces is no per-request cost (see `visible-spaces.ts`).
 */
export const listSpaces = operation({
  name: 'spaces.list',
  kind: 'query',
  summary: 'List the spaces of an organization that the caller can view',
  input: z.strictObject({ organizationId: OrganizationIdParam, ...pagingShape }),
  output: pageSchemaOf(SpaceSchema),
  async run(ctx, input): Promise<Page<Space>> {
    await authorizeOrganization(ctx, input.organizationId, 'view');
    const [slice, count] = await Promise.all([
      visibleSpacesPage(ctx, input.organizationId, { order: 'asc', page: pageRequest(input) }),
      ctx.repos.spaces.countActive(input.organizationId),
    ]);
    return toPage(slice, count, ({ space, access }) => presentSpace(ctx.urls, space, access.permissions));
  },
});
