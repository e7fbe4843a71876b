/**
 * Organization and member routes. `POST /v1/orgs` has no path in GitBook's document (only
 * its `CreateOrganization` body); Quire serves it here, answering 201.
 */
import { organizationOperations as ops } from '@quire/domain';
import { type RestRoute, route } from '../route';

const ORG = '/v1/orgs/:organizationId';
const MEMBER = `${ORG}/members/:userId`;

export const organizationRoutes: readonly RestRoute[] = [
  route('GET', '/v1/orgs', ops.list),
  route('POST', '/v1/orgs', ops.create, 201),
  route('GET', ORG, ops.get),
  route('PATCH', ORG, ops.update),
  route('POST', `${ORG}/invites`, ops.invite),
  route('POST', `${ORG}/ping`, ops.ping),
  route('GET', '/v1/email-domains/:emailDomain/orgs', ops.byEmailDomain),

  route('GET', `${ORG}/members`, ops.members.list),
  route('GET', MEMBER, ops.members.get),
  route('PATCH', MEMBER, ops.members.update),
  route('DELETE', MEMBER, ops.members.remove),
  route('POST', `${MEMBER}/sso`, ops.members.enableSso),
  route('GET', `${MEMBER}/teams`, ops.members.teams),
];
