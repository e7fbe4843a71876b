import type { OperationTree } from '../../operation/operation';

/** Roles granted on a space, mounted at `spaces.permissions`. */
export const spacePermissionOperations = {} satisfies OperationTree;
/** Roles granted on a collection, mounted at `collections.permissions`. */
export const collectionPermissionOperations = {} satisfies OperationTree;
