/** The per-site cap of redirects, checked before a write adds one. */
import type { OperationContext } from '../core/context';
import { conflict } from '../core/errors';
import { MAX_REDIRECTS_PER_SITE } from './redirect-fields';

/**
 * Throws a conflict when `adding` more redirects would pass the site's cap. Checked before
 * the write, without a lock: requests racing at the cap may each pass it by one. The cap
 * bounds what a site holds (lists and resolution stay small); it is not a quota to the unit.
 */
export async function assertRoomFor(ctx: OperationContext, siteId: string, adding: number): Promise<void> {
  if ((await ctx.repos.siteRedirects.countOfSite(siteId)) + adding > MAX_REDIRECTS_PER_SITE)
    throw conflict(`A site holds at most ${MAX_REDIRECTS_PER_SITE} redirects: delete some first`);
}
