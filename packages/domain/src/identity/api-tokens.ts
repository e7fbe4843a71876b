/**
 * API tokens: issued with a recognizable prefix, shown once, stored as a SHA-256 hash and
 * looked up by that hash.
 */

import type { Caller, DomainServices } from '../core/context';
import { invalidInput, notFound } from '../core/errors';
import type { ApiTokenRecord } from './records';
import { TokenNameSchema } from './user-fields';

/** Every token Quire generates starts with this, so secret scanners and people recognise it. */
export const API_TOKEN_PREFIX = 'quire_';

/** Characters of a token kept in clear (prefix included) to tell tokens apart in lists. */
const PREVIEW_LENGTH = 10;

/** Longer bearer strings are refused before hashing: no token of ours is that long. */
export const MAX_TOKEN_LENGTH = 512;

/** `lastUsedAt` is written at most this often, so authenticating stays two reads. */
export const LAST_USED_RESOLUTION_MS = 60_000;

export const generateApiToken = (services: Pick<DomainServices, 'secrets'>): string =>
  API_TOKEN_PREFIX + services.secrets.randomToken(32);

/** Stores a token (generated or given) for a user; the token itself is not kept. */
export async function registerApiToken(
  services: DomainServices,
  input: { userId: string; name: string; token: string },
): Promise<ApiTokenRecord> {
  const record: ApiTokenRecord = {
    id: services.ids.newId(),
    userId: input.userId,
    name: input.name,
    tokenHash: services.secrets.sha256(input.token),
    preview: input.token.slice(0, PREVIEW_LENGTH),
    createdAt: services.clock.now().toISOString(),
  };
  await services.repos.apiTokens.insert(record);
  return record;
}

/** Issues a new token for an existing user; the token is returned here and never again. */
export async function issueApiToken(
  services: DomainServices,
  input: { userId: string; name: string },
): Promise<{ token: string; record: ApiTokenRecord }> {
  const name = TokenNameSchema.safeParse(input.name);
  if (!name.success) throw invalidInput('name', name.error.issues[0]?.message ?? 'invalid token name');
  if (!(await services.repos.users.findById(input.userId))) throw notFound('User');
  const token = generateApiToken(services);
  const record = await registerApiToken(services, { userId: input.userId, name: name.data, token });
  return { token, record };
}

/**
 * The caller a bearer token stands for, or null (unknown or revoked token, deleted user).
 * One indexed read of the token and one read of the user; `lastUsedAt` is written only when
 * it is a minute old or more.
 */
export async function authenticateApiToken(services: DomainServices, token: string): Promise<Caller | null> {
  if (token.length === 0 || token.length > MAX_TOKEN_LENGTH) return null;
  const record = await services.repos.apiTokens.findByHash(services.secrets.sha256(token));
  if (!record || record.revokedAt) return null;
  const user = await services.repos.users.findById(record.userId);
  if (!user) return null;
  const now = services.clock.now();
  const lastUsed = record.lastUsedAt ? Date.parse(record.lastUsedAt) : Number.NaN;
  if (!(now.getTime() - lastUsed < LAST_USED_RESOLUTION_MS)) {
    // Bookkeeping, not the request's work: a refused write (a full disk) must not turn a
    // read into a 503. The next request a minute later tries again.
    await services.repos.apiTokens.touch(record.id, now.toISOString()).catch(() => undefined);
  }
  return { userId: user.id, tokenId: record.id, isInstanceAdmin: user.isInstanceAdmin };
}
