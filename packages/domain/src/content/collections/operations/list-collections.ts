import { z } from 'zod';
import { operation } from '../../../core/operation';
import { type Page, pageRequest, pageSchemaOf, pagingShape, toPage } from '../../../core/paging';
import { collectionAccessFor } from '../../../policies/authorize-collection';
import { authorizeOrganization } from '../../../policies/organization-policy';
import { CollectionOrganizationIdParam } from '../collection-fields';
import { type Collection, CollectionSchema, presentCollection } from '../collection-schema';
import { pageInMemory } from '../page-in-memory';

/**
 * The collections of an organization the caller can view: all of them in creation order, or
 * with `nested: false` only the top level, in sibling order (the order moves set). An
 * organization holds few collections: all are read, filtered by the access rules in batch,
 * and paged in memory (so `count` is exact for the caller).
 */
export const listCollections = operation({
  name: 'collections.list',
  kind: 'query',
  summary: 'List the collections of an organization',
  input: z.strictObject({
    organizationId: CollectionOrganizationIdParam,
    ...pagingShape,
    /** true (default): every collection, nested ones included; false: only the top level. */
    nested: z
      .boolean()
      .optional()
      .describe('true (default): all collections, nested ones included; false: only top-level collections'),
  }),
  output: pageSchemaOf(CollectionSchema),
  async run(ctx, input): Promise<Page<Collection>> {
    await authorizeOrganization(ctx, input.organizationId, 'view');
    const topLevel = input.nested === false;
    const all = topLevel
      ? await ctx.repos.collections.listChildren(input.organizationId, undefined)
      : await ctx.repos.collections.listAll(input.organizationId);
    const access = await collectionAccessFor(ctx, all);
    const visible = all.filter((collection) => access.has(collection.id));
    const slice = pageInMemory(visible, pageRequest(input), topLevel ? 'position' : 'id');
    return toPage(slice, visible.length, (collection) =>
      presentCollection(ctx.urls, collection, access.get(collection.id)!.permissions),
    );
  },
});
