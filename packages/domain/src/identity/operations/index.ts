/** The identity area's operations, mounted once in the registry: `user`, `users` and `admin`. */
import type { OperationTree } from '../../core/operation';
import { createTokenAsAdmin, getTokenAsAdmin, listTokensAsAdmin, revokeTokenAsAdmin } from './admin-tokens';
import { createUserAsAdmin, getUserAsAdmin, listUsersAsAdmin } from './admin-users';
import { getCurrentUser } from './get-current-user';
import { getUser } from './get-user';
import { listOwnSessions } from './list-own-sessions';
import { getOwnPreferences, updateOwnPreferences } from './own-preferences';
import { createOwnToken, listOwnTokens, revokeOwnToken } from './own-tokens';
import { revokeOwnSession } from './revoke-own-session';
import { setPasswordAsAdmin } from './set-password-as-admin';
import { updateUser } from './update-user';

export const identityOperations = {
  user: {
    get: getCurrentUser,
    tokens: { create: createOwnToken, list: listOwnTokens, revoke: revokeOwnToken },
    sessions: { list: listOwnSessions, revoke: revokeOwnSession },
    preferences: { get: getOwnPreferences, update: updateOwnPreferences },
  },
  users: { get: getUser, update: updateUser },
  admin: {
    users: {
      create: createUserAsAdmin,
      list: listUsersAsAdmin,
      get: getUserAsAdmin,
      setPassword: setPasswordAsAdmin,
    },
    tokens: {
      create: createTokenAsAdmin,
      list: listTokensAsAdmin,
      get: getTokenAsAdmin,
      revoke: revokeTokenAsAdmin,
    },
  },
} satisfies OperationTree;
