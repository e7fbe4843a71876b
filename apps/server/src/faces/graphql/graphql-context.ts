/**
 * What the resolvers of one GraphQL request share: the request's access, whose
 * repositories gather the reads of operations running side by side (`batched-repositories.ts`),
 * and the loaders of relation fields. A new set per request: nothing is shared between
 * callers, and nothing outlives the request.
 */
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

function relationLookups(access: RequestAccess): RelationLookups {
  // Built on the first lookup: most requests make none.
  let teams: DataLoader<string, string | undefined> | undefined;
  const teamsLoader = () =>
    new DataLoader<string, string | undefined>(
      async (teamIds) => {
        const found = await access.ctx.repos.teams.findByIdsInAnyOrganization([...new Set(teamIds)]);
        const organizationOf = new Map(found.map((team) => [team.id, team.organizationId]));
        return teamIds.map((teamId) => organizationOf.get(teamId));
      },
      { cache: false },
    );
  return {
    organizationOfTeam: (teamId) => {
      teams ??= teamsLoader();
      return teams.load(teamId);
    },
  };
}

export function createGraphqlContext(requestAccess: RequestAccess): GraphqlContext {
  const access: RequestAccess = {
    ctx: withRepositories(requestAccess.ctx, batchedRepositories(requestAccess.ctx.repos)),
    charge: () => requestAccess.charge(),
  };
  return { access, operations: new OperationLoader(access), lookups: relationLookups(access) };
}
