import { z } from 'zod';
import { operation } from '../../core/operation';
import { authorizeSite } from '../../policies';
import {
  SiteIdParam,
  SiteOrganizationIdParam,
  SiteSectionGroupIdParam,
  SiteSectionIdParam,
} from '../site-fields';
import { removeSectionFromGroup } from '../site-structure';
import { updateSite } from '../update-site';

/**
 * Takes a section out of a group (members with the `create` role or above): it returns to
 * the top level, right after the group. Outcomes: not a member, a guest, or the site
 * unknown, 404; a role below `create`, 403; a section that is not in the group, or a group
 * that does not exist, 204 all the same, and nothing is written.
 */
export const removeSiteSectionFromGroup = operation({
  name: 'sites.sectionGroups.sections.remove',
  kind: 'mutation',
  summary: 'Remove a section from a section group',
  input: z.strictObject({
    organizationId: SiteOrganizationIdParam,
    siteId: SiteIdParam,
    siteSectionGroupId: SiteSectionGroupIdParam,
    siteSectionId: SiteSectionIdParam,
  }),
  output: z.null(),
  async run(ctx, input): Promise<null> {
    const authorized = await authorizeSite(ctx, input.organizationId, input.siteId, 'create');
    const grouped = (structure: typeof authorized.site.structure) =>
      structure.groups.some(
        (group) => group.id === input.siteSectionGroupId && group.sectionIds.includes(input.siteSectionId),
      );
    if (!grouped(authorized.site.structure)) return null;
    await updateSite(
      ctx,
      input.siteId,
      (current) =>
        grouped(current.structure)
          ? {
              site: {
                ...current,
                structure: removeSectionFromGroup(
                  current.structure,
                  input.siteSectionGroupId,
                  input.siteSectionId,
                ),
              },
              result: null,
            }
          : { site: current, result: null },
      authorized.site,
    );
    return null;
  },
});
