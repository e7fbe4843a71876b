/**
 * The first administrator and organization of an empty instance: on first start with
 * `QUIRE_BOOTSTRAP_TOKEN` (bootstrap, with the given token) or through `quire setup`
 * (setup, which generates the token and prints it).
 */

import type { DomainServices } from '../core/context';
import { conflict, isDomainError } from '../core/errors';
import type { UserRecord } from '../identity';
import { createUser, generateApiToken, registerApiToken } from '../identity';
import { createOrganizationWithOwner } from './create-organization';

export const DEFAULT_ADMIN_NAME = 'Administrator';
export const DEFAULT_ADMIN_EMAIL = 'admin@localhost';
export const DEFAULT_ORGANIZATION_TITLE = 'Quire';
const TOKEN_NAME = 'bootstrap';

/** Gives a new administrator their token and an organization they administer. */
async function equipFirstAdministrator(
  services: DomainServices,
  user: UserRecord,
  input: { token: string; organizationTitle: string },
): Promise<{ organizationId: string; tokenId: string }> {
  const token = await registerApiToken(services, { userId: user.id, name: TOKEN_NAME, token: input.token });
  const organization = await createOrganizationWithOwner(services, {
    title: input.organizationTitle,
    owner: user,
  });
  return { organizationId: organization.id, tokenId: token.id };
}

export interface BootstrapResult {
  /** False when the store already had a user (nothing was done). */
  created: boolean;
  userId?: string;
  organizationId?: string;
  /** The id of the administrator's token (the one given), for running operations as them. */
  tokenId?: string;
}

/**
 * Only on a store without any user: creates the administrator "Administrator"
 * <admin@localhost> holding the given token, and an organization they administer. Safe to
 * run at every start, and by several processes at once on MongoDB: the one that loses the
 * race on the unique email does nothing.
 */
export async function bootstrapInstance(
  services: DomainServices,
  input: { token: string; organizationTitle: string },
): Promise<BootstrapResult> {
  if ((await services.repos.users.count()) > 0) return { created: false };
  let user: UserRecord;
  try {
    user = await createUser(services, {
      displayName: DEFAULT_ADMIN_NAME,
      email: DEFAULT_ADMIN_EMAIL,
      isInstanceAdmin: true,
    });
  } catch (error) {
    // Another process bootstrapped the same store in the meantime.
    if (isDomainError(error) && error.code === 'conflict') return { created: false };
    throw error;
  }
  const { organizationId, tokenId } = await equipFirstAdministrator(services, user, input);
  return { created: true, userId: user.id, organizationId, tokenId };
}

export interface SetupInput {
  organizationTitle?: string;
  displayName?: string;
  email?: string;
  /** Create an administrator even though the instance already has users. */
  force?: boolean;
}

export interface SetupResult {
  /** The administrator's API token, shown this once. */
  token: string;
  user: UserRecord;
  organizationId: string;
  /** The id of the administrator's token. */
  tokenId: string;
}

/**
 * `quire setup`: the same as bootstrap, but the token is generated and returned. Refuses
 * (Conflict) when the instance already has users, unless `force` is set.
 */
export async function setupInstance(services: DomainServices, input: SetupInput = {}): Promise<SetupResult> {
  if (!input.force && (await services.repos.users.count()) > 0) {
    throw conflict(
      'This instance already has users; setup is for an empty instance (`quire setup --force` adds an administrator all the same)',
    );
  }
  const token = generateApiToken(services);
  const user = await createUser(services, {
    displayName: input.displayName ?? DEFAULT_ADMIN_NAME,
    email: input.email ?? DEFAULT_ADMIN_EMAIL,
    isInstanceAdmin: true,
  });
  const { organizationId, tokenId } = await equipFirstAdministrator(services, user, {
    token,
    organizationTitle: input.organizationTitle ?? DEFAULT_ORGANIZATION_TITLE,
  });
  return { token, user, organizationId, tokenId };
}
