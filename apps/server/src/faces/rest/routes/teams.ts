/**
 * Team routes: teams of an organization and their members. GitBook's document creates a
 * team with PUT on the collection (answering 201), and adds or updates one member with PUT
 * on the member's path.
 */
import { teamOperations as ops } from '@quire/domain';
import { type RestRoute, route } from '../route';

const TEAMS = '/v1/orgs/:organizationId/teams';
const TEAM = `${TEAMS}/:teamId`;

export const teamRoutes: readonly RestRoute[] = [
  route('GET', TEAMS, ops.list),
  route('PUT', TEAMS, ops.create, 201),
  route('GET', TEAM, ops.get),
  route('PATCH', TEAM, ops.update),
  route('DELETE', TEAM, ops.remove),
  route('GET', `${TEAM}/members`, ops.members.list),
  route('PUT', `${TEAM}/members`, ops.members.update),
  route('PUT', `${TEAM}/members/:userId`, ops.members.put),
  route('DELETE', `${TEAM}/members/:userId`, ops.members.remove),
];
