/**
 * The one way the structure moves run (the deprecated section, group and site-space moves
 * and the structure sort): the caller needs the `create` role, the move is one pure change
 * of the structure applied through `updateSite` (so a lost race retries on the new version),
 * and the answer is presented from the site as it was written.
 */
import type { OperationContext } from '../core/context';
import { authorizeSite } from '../policies';
import type { SiteRecord } from './records';
import { moveStructureItem, type StructurePointer, type StructurePosition } from './site-structure';
import type { StructureView } from './site-structure-schema';
import { structureViewOf } from './site-view';
import { updateSite } from './update-site';

export interface SiteStructureTarget {
  organizationId: string;
  siteId: string;
}

/** Outcomes: those of `authorizeSite` for 'create', and of `moveStructureItem`. */
export async function moveInSiteStructure(
  ctx: OperationContext,
  target: SiteStructureTarget,
  item: StructurePointer,
  position: StructurePosition,
): Promise<{ site: SiteRecord; view: StructureView }> {
  const authorized = await authorizeSite(ctx, target.organizationId, target.siteId, 'create');
  const { site } = await updateSite(
    ctx,
    target.siteId,
    (current) => ({
      site: { ...current, structure: moveStructureItem(current.structure, item, position) },
      result: null,
    }),
    authorized.site,
  );
  return { site, view: await structureViewOf(ctx, site) };
}
