/**
 * Changes a site: reads it, applies a pure change, and replaces it only if nobody changed it
 * meanwhile (its `version`); on a lost race, reads again and re-applies, so two concurrent
 * edits both land (or the second is refused by the rules against the first's result). The
 * change runs again on each attempt: it must not write anything itself.
 */
import type { OperationContext } from '../core/context';
import { conflict, notFound } from '../core/errors';
import type { SiteRecord } from './records';
import { settleDefaults, spaceIdsOf } from './site-structure';

const ATTEMPTS = 8;

export async function updateSite<Result>(
  ctx: OperationContext,
  siteId: string,
  change: (
    site: SiteRecord,
  ) => { site: SiteRecord; result: Result } | Promise<{ site: SiteRecord; result: Result }>,
  first?: SiteRecord,
): Promise<{ site: SiteRecord; result: Result }> {
  let current = first;
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    current ??= (await ctx.repos.sites.findById(siteId)) ?? undefined;
    if (!current) throw notFound('Site');
    const changed = await change(current);
    const structure = settleDefaults(changed.site.structure);
    const next: SiteRecord = {
      ...changed.site,
      structure,
      spaceIds: spaceIdsOf(structure),
      updatedAt: ctx.clock.now().toISOString(),
      version: current.version + 1,
    };
    if (await ctx.repos.sites.replace(next, current.version)) return { site: next, result: changed.result };
    current = undefined;
  }
  throw conflict('The site kept changing while this change was being applied: try again');
}
