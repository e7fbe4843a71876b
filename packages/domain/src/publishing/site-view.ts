/**
 * Loads what presenting a site's structure needs: each site space's Space, in one read, as
 * the caller may see it (`spaceEmbedding`): with their permissions when they may view it;
 * with none when the site's publication shows it to them as a visitor; otherwise, like a
 * space deleted since it was added, left out of the structure.
 */
import { presentSpace, type Space, type SpaceRecord } from '../content';
import type { OperationContext } from '../core/context';
import { spaceAccessFor, spacePermissions } from '../policies';
import { spaceEmbedding } from './embedded-space';
import type { SiteRecord } from './records';
import { defaultSectionOf, type Structure, spaceIdsOf } from './site-structure';
import type { StructureView } from './site-structure-schema';
import { siteLocation, sitePublishedBase } from './site-urls';
import { visitorAccess } from './visitor-access';

export async function structureViewOf(
  ctx: OperationContext,
  site: SiteRecord,
  options: {
    structure?: Structure;
    /** The key of an active share link of the site, which the caller gave. */
    shareKey?: string | undefined;
    /** The caller gave a visitor token that verifies for the site. */
    verifiedToken?: boolean;
  } = {},
): Promise<StructureView> {
  const structure = options.structure ?? site.structure;
  const found = await ctx.repos.spaces.findByIds(spaceIdsOf(structure));
  const isLive = (space: SpaceRecord) =>
    space.deletedAt === undefined && space.organizationId === site.organizationId;
  const access = ctx.caller ? await spaceAccessFor(ctx, found.filter(isLive)) : new Map();
  const visitor = visitorAccess({
    visibility: site.visibility,
    published: site.published,
    member: false,
    activeShareLink: options.shareKey !== undefined,
    verifiedToken: options.verifiedToken ?? false,
  }).shown;
  const none = spacePermissions(null);
  const spaces = new Map<string, Space>(
    found.flatMap((space) => {
      const permissions = access.get(space.id)?.permissions;
      const embedding = spaceEmbedding({ live: isLive(space), viewer: permissions !== undefined, visitor });
      if (embedding === 'left-out') return [];
      return [[space.id, presentSpace(ctx.urls, space, permissions ?? none)] as const];
    }),
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
