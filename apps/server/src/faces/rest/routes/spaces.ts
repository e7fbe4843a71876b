/**
 * Space routes: an organization's spaces, one space and its lifecycle (delete, restore),
 * its place (move, transfer, duplicate), and the spaces of a member. Creating and
 * duplicating answer 201, as GitBook's document has it.
 */
import { memberSpaceOperations, spaceOperations as ops, orgSpaceOperations } from '@quire/domain';
import { type RestRoute, route } from '../route';

const SPACE = '/v1/spaces/:spaceId';
const ORG_SPACES = '/v1/orgs/:organizationId/spaces';

export const spaceRoutes: RestRoute[] = [
  route('GET', ORG_SPACES, orgSpaceOperations.list),
  route('POST', ORG_SPACES, orgSpaceOperations.create, 201),
  route('GET', '/v1/orgs/:organizationId/members/:userId/spaces', memberSpaceOperations.spaces),
  route('GET', SPACE, ops.get),
  route('PATCH', SPACE, ops.update),
  route('DELETE', SPACE, ops.remove),
  route('POST', `${SPACE}/duplicate`, ops.duplicate, 201),
  route('POST', `${SPACE}/restore`, ops.restore),
  route('POST', `${SPACE}/move`, ops.move),
  route('POST', `${SPACE}/transfer`, ops.transfer),
];
