/**
 * The roles granted on spaces and collections: the same eight operations for each kind of
 * content, their names written out in full.
 */
import type { OperationTree } from '../../../core/operation';
import { removeGrant, updateGrant } from './change-grant';
import { COLLECTION_TARGET, SPACE_TARGET } from './content-target';
import { inviteToContent } from './invite-to-content';
import { listTeamGrants, listUserGrants } from './list-grants';
import { listPermissionsAggregate } from './list-permissions-aggregate';

/** Mounted at `spaces.permissions`. */
export const spacePermissionOperations = {
  invite: inviteToContent('spaces.permissions.invite', SPACE_TARGET),
  aggregate: listPermissionsAggregate('spaces.permissions.aggregate', SPACE_TARGET),
  users: {
    list: listUserGrants('spaces.permissions.users.list', SPACE_TARGET),
    update: updateGrant('spaces.permissions.users.update', SPACE_TARGET, 'user'),
    remove: removeGrant('spaces.permissions.users.remove', SPACE_TARGET, 'user'),
  },
  teams: {
    list: listTeamGrants('spaces.permissions.teams.list', SPACE_TARGET),
    update: updateGrant('spaces.permissions.teams.update', SPACE_TARGET, 'team'),
    remove: removeGrant('spaces.permissions.teams.remove', SPACE_TARGET, 'team'),
  },
} satisfies OperationTree;

/** Mounted at `collections.permissions`. */
export const collectionPermissionOperations = {
  invite: inviteToContent('collections.permissions.invite', COLLECTION_TARGET),
  aggregate: listPermissionsAggregate('collections.permissions.aggregate', COLLECTION_TARGET),
  users: {
    list: listUserGrants('collections.permissions.users.list', COLLECTION_TARGET),
    update: updateGrant('collections.permissions.users.update', COLLECTION_TARGET, 'user'),
    remove: removeGrant('collections.permissions.users.remove', COLLECTION_TARGET, 'user'),
  },
  teams: {
    list: listTeamGrants('collections.permissions.teams.list', COLLECTION_TARGET),
    update: updateGrant('collections.permissions.teams.update', COLLECTION_TARGET, 'team'),
    remove: removeGrant('collections.permissions.teams.remove', COLLECTION_TARGET, 'team'),
  },
} satisfies OperationTree;
