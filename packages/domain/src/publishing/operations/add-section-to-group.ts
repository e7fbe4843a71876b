import { z } from 'zod';
import { operation } from '../../core/operation';
import { IdSchema } from '../../core/schemas';
import { authorizeSite } from '../../policies';
import { SiteIdParam, SiteOrganizationIdParam, SiteSectionGroupIdParam } from '../site-fields';
import { addSectionToGroup, assertSectionsOfSite, findGroup } from '../site-structure';
import {
  presentSiteSectionGroup,
  type SiteSectionGroup,
  SiteSectionGroupSchema,
} from '../site-structure-schema';
import { structureViewOf } from '../site-view';
import { updateSite } from '../update-site';

/**
 * Puts a section last in a group (members with the `create` role or above), taking it out
 * of the top level or of the group it was in. Outcomes: not a member, a guest, or the site
 * unknown, 404; a role below `create`, 403; the group unknown, 404 'Site section group'; a
 * section unknown or of another site, 400 naming `sectionId`.
 */
export const addSiteSectionToGroup = operation({
  name: 'sites.sectionGroups.sections.add',
  kind: 'mutation',
  summary: 'Add a section to a section group',
  input: z.strictObject({
    organizationId: SiteOrganizationIdParam,
    siteId: SiteIdParam,
    siteSectionGroupId: SiteSectionGroupIdParam,
    sectionId: IdSchema.describe('Id of the section to add to the group'),
  }),
  output: SiteSectionGroupSchema,
  async run(ctx, input): Promise<SiteSectionGroup> {
    const authorized = await authorizeSite(ctx, input.organizationId, input.siteId, 'create');
    const { site } = await updateSite(
      ctx,
      input.siteId,
      (current) => {
        findGroup(current.structure, input.siteSectionGroupId);
        assertSectionsOfSite(current.structure, [input.sectionId], 'sectionId');
        const structure = addSectionToGroup(current.structure, input.siteSectionGroupId, input.sectionId);
        return { site: { ...current, structure }, result: null };
      },
      authorized.site,
    );
    return presentSiteSectionGroup(
      await structureViewOf(ctx, site),
      findGroup(site.structure, input.siteSectionGroupId),
    );
  },
});
