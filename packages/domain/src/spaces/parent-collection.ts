/**
 * The parent collection a space goes into (create, duplicate, move, transfer): it must be a
 * collection of the target organization that the caller can see, and the caller must be
 * allowed to create content in it.
 */
import { authorizeCollection } from '../access/authorize-collection';
import type { CollectionRecord } from '../collections/records';
import { DomainError, isDomainError, notFound } from '../errors/domain-error';
import type { OperationContext } from '../operation/context';

/**
 * Loads the parent for a new place of a space. A collection that does not exist, belongs to
 * another organization or is hidden from the caller is not found; one the caller may not
 * create in is forbidden, or, for transfers (`refusal: 'cannot_move'`), "cannot be moved".
 */
export async function authorizeParentCollection(
  ctx: OperationContext,
  organizationId: string,
  parentId: string,
  refusal: 'forbidden' | 'cannot_move' = 'forbidden',
): Promise<CollectionRecord> {
  // A collection of another organization is not found, whatever the caller's role there.
  const found = await ctx.repos.collections.findById(parentId);
  if (!found || found.organizationId !== organizationId) throw notFound('Collection');
  try {
    const { collection } = await authorizeCollection(ctx, parentId, 'create');
    return collection;
  } catch (error) {
    if (refusal === 'cannot_move' && isDomainError(error) && error.code === 'forbidden') {
      throw new DomainError(
        'cannot_move',
        'The space cannot be moved: you may not create content in that collection',
      );
    }
    throw error;
  }
}
