/**
 * Roles granted on spaces and collections, with GitBook's paths: POST on `permissions`
 * invites users and teams; `permissions/users` and `permissions/teams` list them, and
 * `.../{userId}` or `.../{teamId}` change (PATCH) or revoke (DELETE) one grant;
 * `permissions/aggregate` lists everyone who can access the item, with their effective role.
 */
import { collectionPermissionOperations, spacePermissionOperations } from '@quire/domain';
import { type RestRoute, route } from '../route';

function permissionRoutes(
  base: string,
  ops: typeof spacePermissionOperations | typeof collectionPermissionOperations,
): RestRoute[] {
  return [
    route('POST', base, ops.invite, 204),
    route('GET', `${base}/aggregate`, ops.aggregate),
    route('GET', `${base}/users`, ops.users.list),
    route('PATCH', `${base}/users/:userId`, ops.users.update, 204),
    route('DELETE', `${base}/users/:userId`, ops.users.remove, 204),
    route('GET', `${base}/teams`, ops.teams.list),
    route('PATCH', `${base}/teams/:teamId`, ops.teams.update, 204),
    route('DELETE', `${base}/teams/:teamId`, ops.teams.remove, 204),
  ];
}

export const contentPermissionRoutes: RestRoute[] = [
  ...permissionRoutes('/v1/spaces/:spaceId/permissions', spacePermissionOperations),
  ...permissionRoutes('/v1/collections/:collectionId/permissions', collectionPermissionOperations),
];
