/**
 * Changes a site: reads it, applies a pure change, and replaces it only if nobody changed it
 * meanwhile (its `version`); on a lost race, reads again and re-applies, so two concurrent
 * edits both land (or the second is refused by the rules against the first's result). The
 * change runs again on each attempt: it must not write anything itself.
 */
import { compareAndSwap } from '../core/compare-and-swap';
import type { OperationContext } from '../core/context';
import { conflict, notFound } from '../core/errors';
import type { SiteRecord } from './records';
import { settleDefaults, spaceIdsOf } from './site-structure';

/** Tries before the 409 the site's editors are promised (fewer than the loop's default). */
const TRIES = 8;

export async function updateSite<Result>(
  ctx: OperationContext,
  siteId: string,
  change: (
    site: SiteRecord,
  ) => { site: SiteRecord; result: Result } | Promise<{ site: SiteRecord; result: Result }>,
  first?: SiteRecord,
): Promise<{ site: SiteRecord; result: Result }> {
  const sites = ctx.repos.sites;
  // What the change answered for the version written: it is applied again after a lost race.
  let result!: Result;
  const site = await compareAndSwap(
    {
      name: `the site ${siteId}`,
      read: () => sites.findById(siteId),
      replace: (next, expectedVersion) => sites.replace(next, expectedVersion),
    },
    async (current) => {
      if (!current) throw notFound('Site');
      const changed = await change(current);
      result = changed.result;
      const structure = settleDefaults(changed.site.structure);
      return {
        ...changed.site,
        structure,
        spaceIds: spaceIdsOf(structure),
        updatedAt: ctx.clock.now().toISOString(),
      };
    },
    first,
    {
      tries: TRIES,
      gaveUp: () => conflict('The site kept changing while this change was being applied: try again'),
    },
  );
  return { site, result };
}
