/** What the organization-deletion area asks of the store. */

/** One batch of a purge: what was removed, and where the purge stands. */
export interface OrganizationPurgeBatch {
  /** The part of the organization's data this batch removed from ('spaces', 'sites', ...). */
  part: string;
  /** Documents removed by this batch. */
  removed: number;
  /** The part's place among the parts, from 0, and their number: the purge's progress. */
  partIndex: number;
  parts: number;
}

/**
 * The data of a deleted organization, removed in batches. Every batch removes what is held
 * before what holds it (a space's revisions, change requests and comments before the space;
 * a site's redirects and insights before the site), so a purge stopped anywhere (a crash, a
 * kill -9) finds the rest again from the organization's id alone and finishes it.
 */
export interface OrganizationDataRepository {
  /**
   * Removes up to about `limit` documents of the organization's data (its own record aside),
   * leaving the job `keepJobId` (the purge's own); null when nothing is left.
   */
  purgeBatch(
    organizationId: string,
    keepJobId: string,
    limit: number,
  ): Promise<OrganizationPurgeBatch | null>;
  /**
   * Removes up to about `limit` documents a space holds (its comments, change requests and
   * their reviews, path redirects, revisions, grants, merge rules, counters), children before
   * parents, the space's own record aside; 0 when nothing is left. The purge of deleted
   * spaces calls it until 0, then removes the space.
   */
  purgeSpaceBatch(spaceId: string, limit: number): Promise<number>;
}
