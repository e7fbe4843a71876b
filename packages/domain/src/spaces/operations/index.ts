import type { OperationTree } from '../../operation/operation';

/** Operations on one space, mounted at `spaces` (get, update, remove, duplicate, ...). */
export const spaceOperations = {} satisfies OperationTree;
/** Operations on an organization's spaces, mounted at `orgs.spaces` (list, create). */
export const orgSpaceOperations = {} satisfies OperationTree;
/** Mounted into `orgs.members` (the spaces of a member). */
export const memberSpaceOperations = {} satisfies OperationTree;
