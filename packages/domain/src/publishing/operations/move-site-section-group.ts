import { z } from 'zod';
import { operation } from '../../core/operation';
import { authorizeSite } from '../../policies';
import { SiteIdParam, SiteOrganizationIdParam, SiteSectionGroupIdParam } from '../site-fields';
import { findGroup, moveStructureItem } from '../site-structure';
import { SiteSectionGroupPositionSchema, structurePosition } from '../site-structure-positions';
import {
  presentSiteSectionGroup,
  type SiteSectionGroup,
  SiteSectionGroupSchema,
} from '../site-structure-schema';
import { structureViewOf } from '../site-view';
import { updateSite } from '../update-site';

/**
 * Moves a section group among the top level (members with the `create` role or above),
 * before and/or after top-level sections or groups; no position, last. Outcomes: not a
 * member, a guest, or the site unknown, 404; a role below `create`, 403; the group unknown,
 * 404 'Site section group'; a position naming the group itself, a grouped section, an
 * unknown item, or `before` and `after` that are not adjacent, 400 'invalid_position'.
 */
export const moveSiteSectionGroup = operation({
  name: 'sites.sectionGroups.move',
  kind: 'mutation',
  summary: 'Move a section group of a site',
  input: z.strictObject({
    organizationId: SiteOrganizationIdParam,
    siteId: SiteIdParam,
    siteSectionGroupId: SiteSectionGroupIdParam,
    position: SiteSectionGroupPositionSchema.optional(),
  }),
  output: SiteSectionGroupSchema,
  async run(ctx, input): Promise<SiteSectionGroup> {
    const authorized = await authorizeSite(ctx, input.organizationId, input.siteId, 'create');
    const { site } = await updateSite(
      ctx,
      input.siteId,
      (current) => ({
        site: {
          ...current,
          structure: moveStructureItem(
            current.structure,
            { type: 'site-section-group', id: input.siteSectionGroupId },
            structurePosition(input.position),
          ),
        },
        result: null,
      }),
      authorized.site,
    );
    return presentSiteSectionGroup(
      await structureViewOf(ctx, site),
      findGroup(site.structure, input.siteSectionGroupId),
    );
  },
});
