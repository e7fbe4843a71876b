import { z } from 'zod';
import { callerOf } from '../../../core/context';
import { notFound } from '../../../core/errors';
import { operation } from '../../../core/operation';
import { IdSchema } from '../../../core/schemas';
import { OrganizationIdParam } from '../../../organizations';
import { spaceAccessFor } from '../../../policies/authorize-space';
import { authorizeEntering } from '../../../policies/content-placement';
import { authorizeOrganization } from '../../../policies/organization-policy';
import { resolveSiblingPosition } from '../../positions/resolve-sibling-position';
import { writeFirstRevision } from '../../revisions/revision-writer';
import { withTreeLocks } from '../../tree-lock';
import type { SpaceRecord } from '../records';
import { EmojiSchema, SpaceEditModeSchema, SpaceTitleSchema } from '../space-fields';
import { presentSpace, SpaceSchema } from '../space-schema';

/**
 * GitBook's `CreateSpace` body. Its `template` and `computedSource` variants create content
 * and come with the content area; until then they are refused as unknown fields.
 */
export const CreateSpaceInputSchema = z.strictObject({
  organizationId: OrganizationIdParam,
  /** At most 50 characters; empty by default, as in GitBook. */
  title: SpaceTitleSchema.optional(),
  emoji: EmojiSchema.optional(),
  /** A collection of the organization where the caller may create content; absent: the top level. */
  parent: IdSchema.optional().describe('Id of the parent collection (absent: the top level)'),
  /** Default 'live'. */
  editMode: SpaceEditModeSchema.optional(),
});

/** A new space's record, with the settings every space starts with. */
export function newSpaceRecord(
  fields: Pick<SpaceRecord, 'id' | 'organizationId' | 'title' | 'position' | 'createdAt' | 'shareKey'> &
    Partial<SpaceRecord>,
): SpaceRecord {
  return {
    editMode: 'live',
    visibility: 'private',
    defaultLevel: 'inherit',
    updatedAt: fields.createdAt,
    counters: { comments: 0, changeRequests: 0, changeRequestsOpen: 0, changeRequestsDraft: 0 },
    ...fields,
  };
}

/**
 * Creates a space, last among its siblings, at the top level of the organization or in one
 * of its collections. Needs membership of the organization and the right to create content
 * where the space goes (the placement rules: `create` on the collection, or the
 * organization's `createContent` for the top level). Outcomes: an organization the caller is
 * not a member of, 404; a parent that does not exist, is in another organization or is
 * hidden from the caller, 404; no right to create there, 403. Runs under the organization's
 * tree lock (409 'conflict' when it stays busy), so a space is never created in a collection
 * that a concurrent delete removed.
 */
export const createSpace = operation({
  name: 'spaces.create',
  kind: 'mutation',
  summary: 'Create a space in an organization, at its top level or in a collection',
  input: CreateSpaceInputSchema,
  output: SpaceSchema,
  async run(ctx, input) {
    // Non-members are refused before waiting for the tree.
    await authorizeOrganization(ctx, input.organizationId, 'view');
    return withTreeLocks(ctx, [input.organizationId], async () => {
      const place = { organizationId: input.organizationId, parentId: input.parent };
      await authorizeEntering(ctx, 'space', place);
      const id = ctx.ids.newId();
      // Its first, empty revision before the space: a crash between them leaves a revision
      // nobody points at, never a space without content.
      const first = await writeFirstRevision(
        ctx,
        { id, organizationId: input.organizationId },
        callerOf(ctx).userId,
      );
      const position = await resolveSiblingPosition(ctx, {
        ...place,
        moving: { kind: 'space', id },
        position: undefined,
      });
      const space = newSpaceRecord({
        id,
        organizationId: input.organizationId,
        title: input.title ?? '',
        position,
        createdAt: ctx.clock.now().toISOString(),
        shareKey: ctx.secrets.randomToken(16),
        revisionId: first.id,
        ...(input.parent !== undefined ? { parentId: input.parent } : {}),
        ...(input.emoji !== undefined ? { emoji: input.emoji } : {}),
        ...(input.editMode !== undefined ? { editMode: input.editMode } : {}),
      });
      await ctx.repos.spaces.insert(space);
      const access = (await spaceAccessFor(ctx, [space])).get(space.id);
      if (!access) throw notFound('Space');
      return presentSpace(ctx.urls, space, access.permissions);
    });
  },
});
