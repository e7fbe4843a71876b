import { z } from 'zod';
import { notFound } from '../../../core/errors';
import { operation } from '../../../core/operation';
import { authorizeCollection, collectionAccessFor } from '../../../policies/authorize-collection';
import {
  CollectionDescriptionSchema,
  CollectionIdParam,
  CollectionTitleSchema,
  DefaultLevelSchema,
} from '../collection-fields';
import { type Collection, CollectionSchema, presentCollection } from '../collection-schema';
import type { CollectionChanges } from '../ports';

/** Changes a collection's title, description or default level (collection admins). */
export const updateCollection = operation({
  name: 'collections.update',
  kind: 'mutation',
  summary: 'Update a collection',
  input: z.strictObject({
    collectionId: CollectionIdParam,
    title: CollectionTitleSchema.optional(),
    /** null removes the description. */
    description: CollectionDescriptionSchema.nullable()
      .optional()
      .describe('Description of the collection (at most 100 characters); null removes it'),
    /** A role, 'inherit', or null (members get nothing beyond explicit grants). */
    defaultLevel: DefaultLevelSchema.optional(),
  }),
  output: CollectionSchema,
  async run(ctx, input): Promise<Collection> {
    const { collection } = await authorizeCollection(ctx, input.collectionId, 'admin');
    const changes: CollectionChanges = {};
    if (input.title !== undefined) changes.title = input.title;
    if (input.description !== undefined) changes.description = input.description;
    if (input.defaultLevel !== undefined) changes.defaultLevel = input.defaultLevel;
    const updated = await ctx.repos.collections.update(collection.id, changes, ctx.clock.now().toISOString());
    if (!updated) throw notFound('Collection');
    // The new default level may change what the caller may do (an admin stays admin).
    const access = (await collectionAccessFor(ctx, [updated])).get(updated.id);
    if (!access) throw notFound('Collection');
    return presentCollection(ctx.urls, updated, access.permissions);
  },
});
