/**
 * The content area's routes: an organization's spaces and collections, one space or
 * collection, its place (move, transfer), and the roles granted on it (`/permissions`).
 * Creating answers 201, as GitBook's document has it.
 */
import { contentOperations } from '@quire/domain';
import { type RestRoute, route } from '../route';

const { spaces, collections } = contentOperations;
const ORG = '/v1/orgs/:organizationId';
const SPACE = '/v1/spaces/:spaceId';
const COLLECTION = '/v1/collections/:collectionId';

function permissionRoutes(
  base: string,
  ops: typeof spaces.permissions | typeof collections.permissions,
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

export const contentRoutes: readonly RestRoute[] = [
  route('GET', `${ORG}/spaces`, spaces.list),
  route('POST', `${ORG}/spaces`, spaces.create, 201),
  route('GET', `${ORG}/members/:userId/spaces`, spaces.listForMember),
  route('GET', SPACE, spaces.get),
  route('PATCH', SPACE, spaces.update),
  route('DELETE', SPACE, spaces.remove),
  route('POST', `${SPACE}/duplicate`, spaces.duplicate, 201),
  route('POST', `${SPACE}/restore`, spaces.restore),
  route('POST', `${SPACE}/move`, spaces.move),
  route('POST', `${SPACE}/transfer`, spaces.transfer),
  ...permissionRoutes(`${SPACE}/permissions`, spaces.permissions),

  route('GET', `${ORG}/collections`, collections.list),
  route('POST', `${ORG}/collections`, collections.create, 201),
  route('GET', COLLECTION, collections.get),
  route('PATCH', COLLECTION, collections.update),
  route('DELETE', COLLECTION, collections.remove),
  route('GET', `${COLLECTION}/spaces`, collections.spaces.list),
  route('POST', `${COLLECTION}/move`, collections.move),
  route('POST', `${COLLECTION}/transfer`, collections.transfer),
  ...permissionRoutes(`${COLLECTION}/permissions`, collections.permissions),
];
