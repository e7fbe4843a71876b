import { z } from 'zod';
import { operation } from '../../core/operation';
import { authorizeSite } from '../../policies';
import { SiteIdParam, SiteOrganizationIdParam, SiteSectionIdParam } from '../site-fields';
import { removeSection } from '../site-structure';
import { updateSite } from '../update-site';

/**
 * Deletes a section and its site spaces (members with the `create` role or above); the
 * spaces themselves stay. Deleting the default section makes the first remaining one the
 * default. Outcomes: not a member, a guest, or the site unknown, 404; a role below
 * `create`, 403; a section that does not exist (already deleted), 204 all the same, and
 * nothing is written.
 */
export const removeSiteSection = operation({
  name: 'sites.sections.remove',
  kind: 'mutation',
  summary: 'Delete a section of a site',
  input: z.strictObject({
    organizationId: SiteOrganizationIdParam,
    siteId: SiteIdParam,
    siteSectionId: SiteSectionIdParam,
  }),
  output: z.null(),
  async run(ctx, input): Promise<null> {
    const authorized = await authorizeSite(ctx, input.organizationId, input.siteId, 'create');
    const exists = (structure: typeof authorized.site.structure) =>
      structure.sections.some((section) => section.id === input.siteSectionId);
    if (!exists(authorized.site.structure)) return null;
    await updateSite(
      ctx,
      input.siteId,
      (current) => ({
        site: { ...current, structure: removeSection(current.structure, input.siteSectionId) },
        result: null,
      }),
      authorized.site,
    );
    return null;
  },
});
