import { z } from 'zod';
import { notFound } from '../../../core/errors';
import { operation } from '../../../core/operation';
import { IdSchema } from '../../../core/schemas';
import { authorizeCollection, collectionAccessFor } from '../../../policies/authorize-collection';
import { authorizeTransferIn, authorizeTransferOut } from '../../../policies/content-placement';
import type { ContentTarget } from '../../grants/ports';
import { noChange } from '../../positions/no-change';
import { resolveSiblingPosition } from '../../positions/resolve-sibling-position';
import { assertInLockedTree, withTreeLocks } from '../../tree-lock';
import { CollectionIdParam } from '../collection-fields';
import { type Collection, CollectionSchema, presentCollection } from '../collection-schema';
import { descendantLevels, rewriteDescendantAncestors } from '../collection-tree';

/**
 * Moves a collection, with its sub-collections and all their spaces, to another organization,
 * where it lands last at the top level. Needs the organization admin role where the
 * collection is (a grant on it, on an ancestor or to a team is not enough) and where it
 * goes. Outcomes: the collection unknown or hidden, 404; not its admin, or not an
 * organization admin where it is, 403; the organization it is already in, 409 'no_change';
 * a target organization the caller is not a member of, 404; not an admin there, 412
 * 'cannot_move'. Grants on the moved content are removed: they name people and teams of the
 * organization it leaves. Runs under both organizations' tree locks (409 'conflict' when
 * they stay busy).
 *
 * Without transactions, the content moves first and the collection itself last: until then
 * the collection is in its old organization and everything below it is found through parent
 * links (whatever their organization), so a retry completes a transfer that stopped half-way.
 */
export const transferCollection = operation({
  name: 'collections.transfer',
  kind: 'mutation',
  summary: 'Transfer a collection and its content to another organization',
  input: z.strictObject({
    collectionId: CollectionIdParam,
    /** The target organization, where the caller is an admin. */
    organization: IdSchema.describe('Id of the target organization'),
  }),
  output: CollectionSchema,
  async run(ctx, input): Promise<Collection> {
    // Refused callers are refused before waiting for the trees.
    const { collection: seen } = await authorizeCollection(ctx, input.collectionId, 'admin');
    const locked = [seen.organizationId, input.organization];
    return withTreeLocks(ctx, locked, async () => {
      const { collection } = await authorizeCollection(ctx, input.collectionId, 'admin');
      assertInLockedTree(collection.organizationId, locked);
      await authorizeTransferOut(ctx, 'collection', collection.organizationId);
      if (input.organization === collection.organizationId) throw noChange();
      const target = { organizationId: input.organization, parentId: undefined };
      await authorizeTransferIn(ctx, 'collection', target);
      const now = ctx.clock.now().toISOString();
      const descendants = (await descendantLevels(ctx, collection.id)).flat();
      const collectionIds = [collection.id, ...descendants];
      const spaces = await ctx.repos.spaces.listInParents(collectionIds);
      const targets: ContentTarget[] = [
        ...collectionIds.map((id): ContentTarget => ({ kind: 'collection', id })),
        ...spaces.map((space): ContentTarget => ({ kind: 'space', id: space.id })),
      ];
      await ctx.repos.contentGrants.removeForTargets(targets);
      await ctx.repos.spaces.setOrganizationInParents(collectionIds, input.organization, now);
      await ctx.repos.collections.setOrganization(descendants, input.organization, now);
      // It lands at the top level: what was above it is no ancestor any more.
      await rewriteDescendantAncestors(ctx, collection.id, []);
      const position = await resolveSiblingPosition(ctx, {
        ...target,
        moving: { kind: 'collection', id: collection.id },
        position: undefined,
      });
      const moved = await ctx.repos.collections.place(
        collection.id,
        { ...target, ancestorIds: [], position },
        now,
      );
      if (!moved) throw notFound('Collection');
      const access = (await collectionAccessFor(ctx, [moved])).get(moved.id);
      if (!access) throw notFound('Collection');
      return presentCollection(ctx.urls, moved, access.permissions);
    });
  },
});
