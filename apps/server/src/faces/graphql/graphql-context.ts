/**
 * What the resolvers of one GraphQL request share: the request's access, whose
 * repositories gather the reads of operations running side by side (`batched-repositories.ts`),
 * and the loaders of relation fields. A new set per request: nothing is shared between
 * callers, and nothing outlives the request.
 */

import type { OperationAccess, OperationContext } from '@quire/domain';
import DataLoader from 'dataloader';
import { type RequestAccess, withRepositories } from '../../request-context';
import { batchedRepositories } from './batched-repositories';
import { OperationLoader } from './operation-loader';
import type { RelationLookups } from './schema/relations';

export interface GraphqlContext {
  access: RequestAccess;
  /** Runs the operations of relation fields, the same call once per tick. */
  operations: OperationLoader;
  lookups: RelationLookups;
}

/** The team lookups of relation fields, each loader built on first use: most requests make none. */
class TeamLookups implements RelationLookups {
  readonly #access: RequestAccess;
  #teams: DataLoader<string, string | undefined> | undefined;

  constructor(access: RequestAccess) {
    this.#access = access;
  }

  organizationOfTeam(teamId: string): Promise<string | undefined> {
    this.#teams ??= new DataLoader<string, string | undefined>(
      async (teamIds) => {
        const found = await this.#access.ctx.repos.teams.findByIdsInAnyOrganization([...new Set(teamIds)]);
        const organizationOf = new Map(found.map((team) => [team.id, team.organizationId]));
        return teamIds.map((teamId) => organizationOf.get(teamId));
      },
      { cache: false },
    );
    return this.#teams.load(teamId);
  }
}

/**
 * The request's access with the gathering repositories in front, charging the request's
 * budget. Classes rather than closures made per request: the server's build names every
 * function it creates (a property definition each).
 */
class GatheringAccess implements RequestAccess {
  readonly ctx: OperationContext;
  readonly #request: RequestAccess;

  constructor(request: RequestAccess) {
    this.ctx = withRepositories(request.ctx, batchedRepositories(request.ctx.repos));
    this.#request = request;
  }

  charge(access?: OperationAccess, spends?: string): Promise<void> {
    return this.#request.charge(access, spends);
  }
}

/**
 * A request's context. `gathers` false (a prepared document whose reads never run side by
 * side, `reads-side-by-side.ts`) keeps the request's own repositories: a gathering one
 * would only add a loader, a proxy and a tick to each read.
 */
export function createGraphqlContext(requestAccess: RequestAccess, gathers = true): GraphqlContext {
  const access = gathers ? new GatheringAccess(requestAccess) : requestAccess;
  return { access, operations: new OperationLoader(access), lookups: new TeamLookups(access) };
}
