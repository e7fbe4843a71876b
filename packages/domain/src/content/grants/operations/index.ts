import type { OperationTree } from '../../../core/operation';
import { removeGrant, updateGrant } from './change-grant';
import { COLLECTION_TARGET, type ContentTargetKind, SPACE_TARGET } from './content-target';
import { inviteToContent } from './invite-to-content';
import { listTeamGrants, listUserGrants } from './list-grants';
import { listPermissionsAggregate } from './list-permissions-aggregate';

function permissionOperations<IdField extends string>(target: ContentTargetKind<IdField>) {
  return {
    invite: inviteToContent(target),
    aggregate: listPermissionsAggregate(target),
    users: {
      list: listUserGrants(target),
      update: updateGrant(target, 'user'),
      remove: removeGrant(target, 'user'),
    },
    teams: {
      list: listTeamGrants(target),
      update: updateGrant(target, 'team'),
      remove: removeGrant(target, 'team'),
    },
  } satisfies OperationTree;
}

/** Roles granted on a space, mounted at `spaces.permissions`. */
export const spacePermissionOperations = permissionOperations(SPACE_TARGET);
/** Roles granted on a collection, mounted at `collections.permissions`. */
export const collectionPermissionOperations = permissionOperations(COLLECTION_TARGET);
