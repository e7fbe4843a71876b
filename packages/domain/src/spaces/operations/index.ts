import type { OperationTree } from '../../operation/operation';
import { createSpace } from './create-space';
import { duplicateSpace } from './duplicate-space';
import { getSpace } from './get-space';
import { listMemberSpaces } from './list-member-spaces';
import { listSpaces } from './list-spaces';
import { moveSpace } from './move-space';
import { removeSpace } from './remove-space';
import { restoreSpace } from './restore-space';
import { transferSpace } from './transfer-space';
import { updateSpace } from './update-space';

/** Operations on one space, mounted at `spaces` (get, update, remove, duplicate, ...). */
export const spaceOperations = {
  get: getSpace,
  update: updateSpace,
  remove: removeSpace,
  duplicate: duplicateSpace,
  restore: restoreSpace,
  move: moveSpace,
  transfer: transferSpace,
} satisfies OperationTree;
/** Operations on an organization's spaces, mounted at `orgs.spaces` (list, create). */
export const orgSpaceOperations = { list: listSpaces, create: createSpace } satisfies OperationTree;
/** Mounted into `orgs.members` (the spaces of a member). */
export const memberSpaceOperations = { spaces: listMemberSpaces } satisfies OperationTree;

export { copyTitle } from './duplicate-space';
export { MemberContentPermissionSchema } from './list-member-spaces';
