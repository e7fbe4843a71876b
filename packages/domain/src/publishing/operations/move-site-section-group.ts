import { z } from 'zod';
import { operation } from '../../core/operation';
import { moveInSiteStructure } from '../move-in-site-structure';
import { SiteIdParam, SiteOrganizationIdParam, SiteSectionGroupIdParam } from '../site-fields';
import { findGroup } from '../site-structure';
import { SiteSectionGroupPositionSchema, structurePosition } from '../site-structure-positions';
import {
  presentSiteSectionGroup,
  type SiteSectionGroup,
  SiteSectionGroupSchema,
} from '../site-structure-schema';

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
    const { site, view } = await moveInSiteStructure(
      ctx,
      input,
      { type: 'site-section-group', id: input.siteSectionGroupId },
      structurePosition(input.position),
    );
    return presentSiteSectionGroup(view, findGroup(site.structure, input.siteSectionGroupId));
  },
});
