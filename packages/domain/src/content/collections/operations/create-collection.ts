import { z } from 'zod';
import { notFound } from '../../../core/errors';
import { operation } from '../../../core/operation';
import { IdSchema } from '../../../core/schemas';
import { collectionAccessFor } from '../../../policies/authorize-collection';
import { ancestorIdsUnder } from '../../../policies/collection-chain';
import { authorizeEntering } from '../../../policies/content-placement';
import { authorizeOrganization } from '../../../policies/organization-policy';
import { resolveSiblingPosition } from '../../positions/resolve-sibling-position';
import { withTreeLocks } from '../../tree-lock';
import { CollectionOrganizationIdParam, CollectionTitleSchema } from '../collection-fields';
import { type Collection, CollectionSchema, presentCollection } from '../collection-schema';
import type { CollectionRecord } from '../records';

/**
 * Creates a collection, last among its siblings. Needs membership of the organization and
 * the right to create content where the collection goes (the placement rules: `create` on
 * the parent collection, or the organization's `createContent` for the top level). A new
 * collection's default level is 'inherit'. Outcomes: an organization the caller is not a
 * member of, 404; a parent that does not exist, is in another organization or is hidden
 * from the caller, 404; no right to create there, 403. Runs under the organization's tree
 * lock (409 'conflict' when it stays busy), so a collection is never created under one that
 * a concurrent delete removed.
 */
export const createCollection = operation({
  name: 'collections.create',
  kind: 'mutation',
  summary: 'Create a collection in an organization',
  input: z.strictObject({
    organizationId: CollectionOrganizationIdParam,
    title: CollectionTitleSchema,
    /** The parent collection (in the same organization); absent: the top level. */
    parent: IdSchema.optional().describe('Id of the parent collection'),
  }),
  output: CollectionSchema,
  async run(ctx, input): Promise<Collection> {
    // Non-members are refused before waiting for the tree.
    await authorizeOrganization(ctx, input.organizationId, 'view');
    return withTreeLocks(ctx, [input.organizationId], async () => {
      const place = { organizationId: input.organizationId, parentId: input.parent };
      const parent = await authorizeEntering(ctx, 'collection', place);
      const id = ctx.ids.newId();
      const position = await resolveSiblingPosition(ctx, {
        ...place,
        moving: { kind: 'collection', id },
        position: undefined,
      });
      const now = ctx.clock.now().toISOString();
      const collection: CollectionRecord = {
        id,
        organizationId: input.organizationId,
        ancestorIds: parent ? await ancestorIdsUnder(ctx, parent.id) : [],
        title: input.title,
        defaultLevel: 'inherit',
        position,
        createdAt: now,
        updatedAt: now,
      };
      if (parent) collection.parentId = parent.id;
      await ctx.repos.collections.insert(collection);
      const access = (await collectionAccessFor(ctx, [collection])).get(collection.id);
      if (!access) throw notFound('Collection');
      return presentCollection(ctx.urls, collection, access.permissions);
    });
  },
});
