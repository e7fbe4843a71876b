import type { OperationTree } from '../../operation/operation';

/** Operations on one collection, mounted at `collections`. */
export const collectionOperations = {} satisfies OperationTree;
/** Operations on an organization's collections, mounted at `orgs.collections` (list, create). */
export const orgCollectionOperations = {} satisfies OperationTree;
