import { z } from 'zod';
import { authorizeSpace, spaceAccessFor } from '../../access/authorize-space';
import { DomainError, isDomainError, notFound } from '../../errors/domain-error';
import { operation } from '../../operation/operation';
import { authorizeOrganization } from '../../policies/organization-policy';
import { resolveSiblingPosition } from '../../positions/resolve-sibling-position';
import { IdSchema } from '../../schemas/common';
import { noChange } from '../no-change';
import { authorizeParentCollection } from '../parent-collection';
import { presentSpace, SpaceSchema } from '../space-schema';
import { visibilityUnder } from './move-space';
import { SpaceIdParam } from './params';

const cannotMove = (reason: string): DomainError =>
  new DomainError('cannot_move', `The space cannot be moved: ${reason}`);

/**
 * Moves a space to another organization, to a collection, or both; it goes last under its
 * new parent (the top level when `parent` is absent). The caller must administer the space;
 * "cannot be moved" (412) when they are not an admin of the target organization or may not
 * create content in the target collection. An organization or collection the caller cannot
 * see is not found (404); the space already there is 'no_change' (409). Grants on the space
 * name people and teams of its old organization, so a transfer to another one drops them.
 */
export const transferSpace = operation({
  name: 'spaces.transfer',
  kind: 'mutation',
  summary: 'Transfer a space to another organization and/or collection',
  input: z.strictObject({
    spaceId: SpaceIdParam,
    /** Where the caller is an admin (the space's own organization to change only its collection). */
    organization: IdSchema.describe('Id of the target organization'),
    /** A collection of the target organization; absent: its top level. */
    parent: IdSchema.optional().describe('Id of the target collection (absent: the top level)'),
  }),
  output: SpaceSchema,
  async run(ctx, input) {
    const { space } = await authorizeSpace(ctx, input.spaceId, 'admin');
    const organizationId = input.organization;
    const crossing = organizationId !== space.organizationId;
    if (crossing) {
      try {
        await authorizeOrganization(ctx, organizationId, 'admin');
      } catch (error) {
        if (isDomainError(error) && error.code === 'forbidden') {
          throw cannotMove('you are not an admin of the target organization');
        }
        throw error;
      }
    }
    if (!crossing && input.parent === space.parentId) throw noChange();
    if (input.parent !== undefined) {
      await authorizeParentCollection(ctx, organizationId, input.parent, 'cannot_move');
    } else if (!crossing) {
      // Out of a collection to the top level of the same organization.
      try {
        await authorizeOrganization(ctx, organizationId, 'createContent');
      } catch (error) {
        if (isDomainError(error) && error.code === 'forbidden') {
          throw cannotMove('you may not create content at the top level of the organization');
        }
        throw error;
      }
    }
    const position = await resolveSiblingPosition(ctx, {
      organizationId,
      parentId: input.parent,
      moving: { kind: 'space', id: space.id },
      position: undefined,
    });
    if (crossing) await ctx.repos.contentGrants.removeForTargets([{ kind: 'space', id: space.id }]);
    const moved = await ctx.repos.spaces.place(
      space.id,
      {
        organizationId,
        parentId: input.parent,
        position,
        visibility: visibilityUnder(space.visibility, input.parent),
      },
      ctx.clock.now().toISOString(),
    );
    if (!moved) throw notFound('Space');
    const access = (await spaceAccessFor(ctx, [moved])).get(moved.id);
    if (!access) throw notFound('Space');
    return presentSpace(ctx.urls, moved, access.permissions);
  },
});
