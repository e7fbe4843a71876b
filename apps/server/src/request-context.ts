/**
 * Builds the operation context of one request: the services shared by every request, plus
 * the caller resolved from the `Authorization: Bearer` header.
 */
import {
  authenticateApiToken,
  type Caller,
  type Clock,
  type IdSource,
  type OperationContext,
  type PublicUrls,
  type Repositories,
  type Secrets,
} from '@quire/domain';

export interface Services {
  repos: Repositories;
  clock: Clock;
  ids: IdSource;
  secrets: Secrets;
  urls: PublicUrls;
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

export async function callerFromAuthorization(
  services: Services,
  authorization: string | undefined,
): Promise<Caller | null> {
  const token = authorization ? BEARER.exec(authorization)?.[1] : undefined;
  if (!token) return null;
  return authenticateApiToken(services, token);
}

export async function contextFor(
  services: Services,
  authorization: string | undefined,
): Promise<OperationContext> {
  return { ...services, caller: await callerFromAuthorization(services, authorization) };
}
