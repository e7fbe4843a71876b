import { z } from 'zod';
import { operation } from '../../core/operation';
import { moveInSiteStructure } from '../move-in-site-structure';
import { SiteIdParam, SiteOrganizationIdParam, SiteSectionIdParam } from '../site-fields';
import { findSection } from '../site-structure';
import { SiteSectionPositionSchema, sectionPosition } from '../site-structure-positions';
import { presentSiteSection, type SiteSection, SiteSectionSchema } from '../site-structure-schema';

/**
 * Moves a section among its siblings (members with the `create` role or above): the top
 * level, or its group's sections when it is grouped; no position, last. Deprecated by
 * GitBook in favour of the structure sort, which this shares its rules with. Outcomes: not a
 * member, a guest, or the site unknown, 404; a role below `create`, 403; the section
 * unknown, 404 'Site section'; a position naming the section itself, a section that is not
 * a sibling, or `before` and `after` that are not adjacent, 400 'invalid_position'.
 */
export const moveSiteSection = operation({
  name: 'sites.sections.move',
  kind: 'mutation',
  summary: 'Move a section of a site (deprecated: use the structure sort)',
  input: z.strictObject({
    organizationId: SiteOrganizationIdParam,
    siteId: SiteIdParam,
    siteSectionId: SiteSectionIdParam,
    position: SiteSectionPositionSchema.optional(),
  }),
  output: SiteSectionSchema,
  async run(ctx, input): Promise<SiteSection> {
    const { site, view } = await moveInSiteStructure(
      ctx,
      input,
      { type: 'site-section', id: input.siteSectionId },
      sectionPosition(input.position),
    );
    return presentSiteSection(view, findSection(site.structure, input.siteSectionId));
  },
});
