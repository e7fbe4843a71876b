/** The identity area's routes: the caller, users, and the instance administrators' `/admin`. */
import { identityOperations as ops } from '@quire/domain';
import { type RestRoute, route } from '../route';

export const identityRoutes: readonly RestRoute[] = [
  route('GET', '/v1/user', ops.user.get),
  route('POST', '/v1/user/tokens', ops.user.tokens.create, 201),
  route('GET', '/v1/user/tokens', ops.user.tokens.list),
  route('DELETE', '/v1/user/tokens/:tokenId', ops.user.tokens.revoke),
  route('GET', '/v1/user/sessions', ops.user.sessions.list),
  route('DELETE', '/v1/user/sessions/:sessionId', ops.user.sessions.revoke),
  route('GET', '/v1/user/preferences', ops.user.preferences.get),
  route('PATCH', '/v1/user/preferences', ops.user.preferences.update),
  route('GET', '/v1/users/:userId', ops.users.get),
  route('PATCH', '/v1/users/:userId', ops.users.update),

  route('POST', '/admin/users', ops.admin.users.create, 201),
  route('GET', '/admin/users', ops.admin.users.list),
  route('GET', '/admin/users/:userId', ops.admin.users.get),
  route('POST', '/admin/users/:userId/password', ops.admin.users.setPassword, 204),
  route('POST', '/admin/users/:userId/tokens', ops.admin.tokens.create, 201),
  route('GET', '/admin/users/:userId/tokens', ops.admin.tokens.list),
  route('GET', '/admin/users/:userId/tokens/:tokenId', ops.admin.tokens.get),
  route('DELETE', '/admin/users/:userId/tokens/:tokenId', ops.admin.tokens.revoke),
];
