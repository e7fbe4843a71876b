import type { ContentGrantRecord } from './records';

// The access area extends this port.
export interface ContentGrantRepository {
  /** Grants on any of the targets to the user or any of the teams, in one query. */
  findForPrincipals(
    organizationId: string,
    targets: ReadonlyArray<ContentGrantRecord['target']>,
    userId: string,
    teamIds: readonly string[],
  ): Promise<ContentGrantRecord[]>;
}
