import { z } from 'zod';
import { operation } from '../../core/operation';
import { authorizeSite } from '../../policies';
import { SiteIdParam, SiteOrganizationIdParam, SiteSectionGroupIdParam } from '../site-fields';
import { removeGroup } from '../site-structure';
import { updateSite } from '../update-site';

/**
 * Deletes a section group (members with the `create` role or above); its sections return to
 * the top level where the group was, in the group's order. Outcomes: not a member, a guest,
 * or the site unknown, 404; a role below `create`, 403; a group that does not exist
 * (already deleted), 204 all the same, and nothing is written.
 */
export const removeSiteSectionGroup = operation({
  name: 'sites.sectionGroups.remove',
  kind: 'mutation',
  summary: 'Delete a section group of a site',
  input: z.strictObject({
    organizationId: SiteOrganizationIdParam,
    siteId: SiteIdParam,
    siteSectionGroupId: SiteSectionGroupIdParam,
  }),
  output: z.null(),
  async run(ctx, input): Promise<null> {
    const authorized = await authorizeSite(ctx, input.organizationId, input.siteId, 'create');
    const exists = (groups: readonly { id: string }[]) =>
      groups.some((group) => group.id === input.siteSectionGroupId);
    if (!exists(authorized.site.structure.groups)) return null;
    await updateSite(
      ctx,
      input.siteId,
      (current) =>
        exists(current.structure.groups)
          ? {
              site: { ...current, structure: removeGroup(current.structure, input.siteSectionGroupId) },
              result: null,
            }
          : { site: current, result: null },
      authorized.site,
    );
    return null;
  },
});
