import { z } from 'zod';
import { operation } from '../../../core/operation';
import { authorizeCollection } from '../../../policies/authorize-collection';
import { CollectionIdParam } from '../collection-fields';
import { type Collection, CollectionSchema, presentCollection } from '../collection-schema';

export const getCollection = operation({
  name: 'collections.get',
  kind: 'query',
  summary: 'Get a collection',
  input: z.strictObject({ collectionId: CollectionIdParam }),
  output: CollectionSchema,
  async run(ctx, input): Promise<Collection> {
    const { collection, permissions } = await authorizeCollection(ctx, input.collectionId, 'view');
    return presentCollection(ctx.urls, collection, permissions);
  },
});
