import { z } from 'zod';
import { authorizeCollection, collectionAccessFor } from '../../access/authorize-collection';
import { notFound } from '../../errors/domain-error';
import { operation } from '../../operation/operation';
import { authorizeOrganization } from '../../policies/organization-policy';
import { resolveSiblingPosition } from '../../positions/resolve-sibling-position';
import { IdSchema } from '../../schemas/common';
import { ancestorIdsUnder } from '../collection-chain';
import { CollectionOrganizationIdParam, CollectionTitleSchema } from '../collection-fields';
import { type Collection, CollectionSchema, presentCollection } from '../collection-schema';
import type { CollectionRecord } from '../records';

/**
 * Creates a collection, last among its siblings. Needs the organization's `createContent`
 * permission, and `create` on the parent collection when one is given. A new collection's
 * default level is 'inherit'.
 */
export const createCollection = operation({
  name: 'orgs.collections.create',
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
    await authorizeOrganization(ctx, input.organizationId, 'createContent');
    if (input.parent !== undefined) {
      const { collection: parent } = await authorizeCollection(ctx, input.parent, 'create');
      if (parent.organizationId !== input.organizationId) throw notFound('Parent collection');
    }
    const id = ctx.ids.newId();
    const position = await resolveSiblingPosition(ctx, {
      organizationId: input.organizationId,
      parentId: input.parent,
      moving: { kind: 'collection', id },
      position: undefined,
    });
    const now = ctx.clock.now().toISOString();
    const collection: CollectionRecord = {
      id,
      organizationId: input.organizationId,
      ancestorIds: await ancestorIdsUnder(ctx, input.parent),
      title: input.title,
      defaultLevel: 'inherit',
      position,
      createdAt: now,
      updatedAt: now,
    };
    if (input.parent !== undefined) collection.parentId = input.parent;
    await ctx.repos.collections.insert(collection);
    const access = (await collectionAccessFor(ctx, [collection])).get(collection.id);
    if (!access) throw notFound('Collection');
    return presentCollection(ctx.urls, collection, access.permissions);
  },
});
