import { z } from 'zod';
import { operation } from '../../core/operation';
import { authorizeSite } from '../../policies';
import type { SiteSectionGroupRecord } from '../records';
import {
  SiteIconSchema,
  SiteIdParam,
  SiteOrganizationIdParam,
  SiteSectionGroupIdParam,
  SiteSectionGroupTitleSchema,
} from '../site-fields';
import { findGroup } from '../site-structure';
import {
  presentSiteSectionGroup,
  type SiteSectionGroup,
  SiteSectionGroupSchema,
} from '../site-structure-schema';
import { structureViewOf } from '../site-view';
import { updateSite } from '../update-site';

/**
 * Changes a section group's title or icon (members with the `create` role or above); an
 * absent field unchanged, `icon: null` removes the icon. Outcomes: not a member, a guest, or
 * the site unknown, 404; a role below `create`, 403; the group unknown, 404 'Site section
 * group'.
 */
export const updateSiteSectionGroup = operation({
  name: 'sites.sectionGroups.update',
  kind: 'mutation',
  summary: 'Change a section group of a site',
  input: z.strictObject({
    organizationId: SiteOrganizationIdParam,
    siteId: SiteIdParam,
    siteSectionGroupId: SiteSectionGroupIdParam,
    title: SiteSectionGroupTitleSchema.optional(),
    icon: SiteIconSchema.nullable().optional().describe('Name of an icon; null removes it'),
  }),
  output: SiteSectionGroupSchema,
  async run(ctx, input): Promise<SiteSectionGroup> {
    const authorized = await authorizeSite(ctx, input.organizationId, input.siteId, 'create');
    const { site, result: group } = await updateSite(
      ctx,
      input.siteId,
      (current) => {
        const next: SiteSectionGroupRecord = { ...findGroup(current.structure, input.siteSectionGroupId) };
        if (input.title !== undefined) next.title = input.title;
        if (input.icon === null) delete next.icon;
        else if (input.icon !== undefined) next.icon = input.icon;
        const groups = current.structure.groups.map((candidate) =>
          candidate.id === next.id ? next : candidate,
        );
        return { site: { ...current, structure: { ...current.structure, groups } }, result: next };
      },
      authorized.site,
    );
    return presentSiteSectionGroup(await structureViewOf(ctx, site), group);
  },
});
