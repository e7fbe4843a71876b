import { z } from 'zod';
import { operation } from '../../../core/operation';
import { type Page, pageRequest, pageSchemaOf, pagingShape, toPage } from '../../../core/paging';
import { authorizeCollection } from '../../../policies/authorize-collection';
import { spaceAccessFor } from '../../../policies/authorize-space';
import { presentSpace, type Space, SpaceSchema } from '../../spaces/space-schema';
import { CollectionIdParam } from '../collection-fields';
import { pageInMemory } from '../page-in-memory';

/**
 * The spaces directly in a collection that the caller can view (deleted ones left out), in
 * sibling order (the order moves set; pages on the key and id). A collection holds few
 * spaces: they are read whole, filtered by the access rules in batch, and paged in memory
 * (so `count` is exact for the caller).
 */
export const listCollectionSpaces = operation({
  name: 'collections.spaces.list',
  kind: 'query',
  summary: 'List the spaces of a collection',
  input: z.strictObject({ collectionId: CollectionIdParam, ...pagingShape }),
  output: pageSchemaOf(SpaceSchema),
  async run(ctx, input): Promise<Page<Space>> {
    const { collection } = await authorizeCollection(ctx, input.collectionId, 'view');
    const spaces = await ctx.repos.spaces.listLiveChildren(collection.organizationId, collection.id);
    const access = await spaceAccessFor(ctx, spaces);
    const visible = spaces.filter((space) => access.has(space.id));
    const slice = pageInMemory(visible, pageRequest(input), 'position');
    return toPage(slice, visible.length, (space) =>
      presentSpace(ctx.urls, space, access.get(space.id)!.permissions),
    );
  },
});
