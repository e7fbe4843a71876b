/**
 * The part of a site a shown visit may be told about: the visit's structure (`visitSite`:
 * conditions applied to a visitor's claims, a member's preview whole) without the site spaces
 * whose space is gone (deleted, or of another organization now), that the visit may not read
 * (`readableSpaceIds`: a member's preview reads only the spaces their role opens), or, for a
 * site API token of the site, that its grant does not name (the spaces the site shows its
 * visitor now); a section or group left empty goes with them (`visibleStructure`). What is not
 * in it is, for that caller, a part of the site that does not exist.
 */
import type { OperationContext } from '../core/context';
import type { SiteRecord } from './records';
import type { ConditionTest } from './site-conditions';
import { locatedSiteSpaces, type Structure } from './site-structure';
import { readableSpaceIds, type SiteVisit } from './site-visitor';
import { visibleStructure } from './visible-structure';

export async function readableStructureOf(
  ctx: OperationContext,
  site: SiteRecord,
  visit: Extract<SiteVisit, { shown: true }>,
): Promise<Structure> {
  const located = locatedSiteSpaces(visit.structure);
  const ids = [...new Set(located.map(({ siteSpace }) => siteSpace.spaceId))];
  const live = (await ctx.repos.spaces.findByIds(ids)).filter(
    (space) => space.deletedAt === undefined && space.organizationId === site.organizationId,
  );
  const readable = await readableSpaceIds(ctx, visit.admission, live);
  const grant = ctx.caller?.site;
  const granted = (spaceId: string) =>
    grant === undefined || grant.siteId !== site.id || grant.spaceIds.includes(spaceId);
  const unread = new Map<string, ConditionTest>(
    located
      .filter(({ siteSpace }) => !readable.has(siteSpace.spaceId) || !granted(siteSpace.spaceId))
      .map(({ siteSpace }) => [siteSpace.id, () => false]),
  );
  return unread.size === 0 ? visit.structure : visibleStructure(visit.structure, unread, {});
}
