import type { OperationTree } from '../../operation/operation';
import { createCollection } from './create-collection';
import { getCollection } from './get-collection';
import { listCollectionSpaces } from './list-collection-spaces';
import { listCollections } from './list-collections';
import { moveCollection } from './move-collection';
import { removeCollection } from './remove-collection';
import { transferCollection } from './transfer-collection';
import { updateCollection } from './update-collection';

/** Operations on one collection, mounted at `collections`. */
export const collectionOperations = {
  get: getCollection,
  update: updateCollection,
  remove: removeCollection,
  spaces: listCollectionSpaces,
  move: moveCollection,
  transfer: transferCollection,
} satisfies OperationTree;

/** Operations on an organization's collections, mounted at `orgs.collections` (list, create). */
export const orgCollectionOperations = {
  list: listCollections,
  create: createCollection,
} satisfies OperationTree;
