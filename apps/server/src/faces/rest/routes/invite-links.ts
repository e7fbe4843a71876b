/** Organization invite link routes (GitBook's `link-invites`). */
import { inviteLinkOperations as ops } from '@quire/domain';
import { type RestRoute, route } from '../route';

const LINKS = '/v1/orgs/:organizationId/link-invites';
const LINK = `${LINKS}/:inviteId`;

export const inviteLinkRoutes: readonly RestRoute[] = [
  route('GET', LINKS, ops.list),
  route('POST', LINKS, ops.create, 201),
  route('GET', LINK, ops.get),
  route('PATCH', LINK, ops.update),
  route('DELETE', LINK, ops.remove),
];
