import { z } from 'zod';
import { authorizeCollection } from '../../access/authorize-collection';
import { operation } from '../../operation/operation';
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
