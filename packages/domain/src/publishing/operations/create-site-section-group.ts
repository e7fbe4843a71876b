import { z } from 'zod';
import { operation } from '../../core/operation';
import { IdSchema } from '../../core/schemas';
import { authorizeSite } from '../../policies';
import type { SiteSectionGroupRecord } from '../records';
import {
  SiteIconSchema,
  SiteIdParam,
  SiteOrganizationIdParam,
  SiteSectionGroupTitleSchema,
} from '../site-fields';
import { newSiteSectionGroupId } from '../site-section-ids';
import { addGroup, assertSectionsOfSite } from '../site-structure';
import {
  presentSiteSectionGroup,
  type SiteSectionGroup,
  SiteSectionGroupSchema,
} from '../site-structure-schema';
import { structureViewOf } from '../site-view';
import { updateSite } from '../update-site';

/**
 * Adds a section group last at the top level (members with the `create` role or above),
 * holding `sections` in that order: each leaves the top level or the group it was in (a
 * section is in one group at most; one listed twice counts once). Outcomes: not a member, a
 * guest, or the site unknown, 404; a role below `create`, 403; a section unknown or of
 * another site, 400 naming `sections`.
 */
export const createSiteSectionGroup = operation({
  name: 'sites.sectionGroups.create',
  kind: 'mutation',
  summary: 'Add a section group to a site',
  input: z.strictObject({
    organizationId: SiteOrganizationIdParam,
    siteId: SiteIdParam,
    title: SiteSectionGroupTitleSchema,
    icon: SiteIconSchema.nullable().optional(),
    sections: z
      .array(IdSchema)
      .max(1000)
      .optional()
      .describe('Ids of the sections the group holds, in order'),
  }),
  output: SiteSectionGroupSchema,
  async run(ctx, input): Promise<SiteSectionGroup> {
    const authorized = await authorizeSite(ctx, input.organizationId, input.siteId, 'create');
    const group: SiteSectionGroupRecord = {
      id: newSiteSectionGroupId(ctx.ids),
      title: input.title,
      ...(input.icon == null ? {} : { icon: input.icon }),
      sectionIds: input.sections ?? [],
    };
    const { site } = await updateSite(
      ctx,
      input.siteId,
      (current) => {
        assertSectionsOfSite(current.structure, group.sectionIds, 'sections');
        return { site: { ...current, structure: addGroup(current.structure, group) }, result: null };
      },
      authorized.site,
    );
    const view = await structureViewOf(ctx, site);
    return presentSiteSectionGroup(
      view,
      view.structure.groups.find((candidate) => candidate.id === group.id) ?? group,
    );
  },
});
