/**
 * Loads what presenting a site's structure needs: each site space's Space, in one read, as
 * the caller sees it (their permissions on it; none for an anonymous visitor). A space that
 * was deleted since it was added is left out of the structure until it is restored.
 */
import { presentSpace, type Space } from '../content';
import type { OperationContext } from '../core/context';
import { spaceAccessFor, spacePermissions } from '../policies';
import type { SiteRecord } from './records';
import { defaultSectionOf, type Structure, spaceIdsOf } from './site-structure';
import type { StructureView } from './site-structure-schema';
import { siteLocation, sitePublishedBase } from './site-urls';

export async function structureViewOf(
  ctx: OperationContext,
  site: SiteRecord,
  options: { structure?: Structure; shareKey?: string | undefined } = {},
): Promise<StructureView> {
  const structure = options.structure ?? site.structure;
  const found = (await ctx.repos.spaces.findByIds(spaceIdsOf(structure))).filter(
    (space) => space.deletedAt === undefined && space.organizationId === site.organizationId,
  );
  const access = ctx.caller ? await spaceAccessFor(ctx, found) : new Map();
  const none = spacePermissions(null);
  const spaces = new Map<string, Space>(
    found.map((space) => [
      space.id,
      presentSpace(ctx.urls, space, access.get(space.id)?.permissions ?? none),
    ]),
  );
  return {
    site,
    structure,
    base: sitePublishedBase(ctx.urls, site),
    location: siteLocation(ctx.urls, site),
    defaultSectionId: defaultSectionOf(structure)?.id,
    groupOfSection: new Map(
      structure.groups.flatMap((group) =>
        group.sectionIds.map((sectionId) => [sectionId, group.id] as const),
      ),
    ),
    spaces,
    shareKey: options.shareKey,
  };
}
