import { z } from 'zod';
import { spaceAccessFor } from '../../access/authorize-space';
import { notFound } from '../../errors/domain-error';
import { operation } from '../../operation/operation';
import { OrganizationIdParam } from '../../organizations/operations/params';
import { authorizeOrganization } from '../../policies/organization-policy';
import { resolveSiblingPosition } from '../../positions/resolve-sibling-position';
import { IdSchema } from '../../schemas/common';
import { authorizeParentCollection } from '../parent-collection';
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

export const createSpace = operation({
  name: 'orgs.spaces.create',
  kind: 'mutation',
  summary: 'Create a space in an organization, at its top level or in a collection',
  input: CreateSpaceInputSchema,
  output: SpaceSchema,
  async run(ctx, input) {
    const { organization } = await authorizeOrganization(ctx, input.organizationId, 'createContent');
    if (input.parent !== undefined) await authorizeParentCollection(ctx, organization.id, input.parent);
    const id = ctx.ids.newId();
    const position = await resolveSiblingPosition(ctx, {
      organizationId: organization.id,
      parentId: input.parent,
      moving: { kind: 'space', id },
      position: undefined,
    });
    const space = newSpaceRecord({
      id,
      organizationId: organization.id,
      title: input.title ?? '',
      position,
      createdAt: ctx.clock.now().toISOString(),
      shareKey: ctx.secrets.randomToken(16),
      ...(input.parent !== undefined ? { parentId: input.parent } : {}),
      ...(input.emoji !== undefined ? { emoji: input.emoji } : {}),
      ...(input.editMode !== undefined ? { editMode: input.editMode } : {}),
    });
    await ctx.repos.spaces.insert(space);
    const access = (await spaceAccessFor(ctx, [space])).get(space.id);
    if (!access) throw notFound('Space');
    return presentSpace(ctx.urls, space, access.permissions);
  },
});
