import { z } from 'zod';
import { operation } from '../../core/operation';
import { type Page, pageRequest, pageSchemaOf, pagingShape, toPage } from '../../core/paging';
import { authorizeSite } from '../../policies';
import type { SiteSectionGroupRecord } from '../records';
import { SiteIdParam, SiteOrganizationIdParam } from '../site-fields';
import { sliceInOrder } from '../site-structure-paging';
import {
  presentSiteSectionGroup,
  type SiteSectionGroup,
  SiteSectionGroupSchema,
} from '../site-structure-schema';
import { structureViewOf } from '../site-view';

/**
 * The section groups of a site in their order at the top level, each with its sections,
 * for members with a role. Outcomes: not a member, a guest, or the site unknown or of
 * another organization, 404.
 */
export const listSiteSectionGroups = operation({
  name: 'sites.sectionGroups.list',
  kind: 'query',
  summary: 'List the section groups of a site',
  input: z.strictObject({ organizationId: SiteOrganizationIdParam, siteId: SiteIdParam, ...pagingShape }),
  output: pageSchemaOf(SiteSectionGroupSchema),
  async run(ctx, input): Promise<Page<SiteSectionGroup>> {
    const { site } = await authorizeSite(ctx, input.organizationId, input.siteId, 'view');
    const { structure } = site;
    const groups = structure.items.flatMap((item): SiteSectionGroupRecord[] =>
      item.type === 'group' ? structure.groups.filter((group) => group.id === item.id) : [],
    );
    const slice = sliceInOrder(groups, (group) => group.id, pageRequest(input));
    const view = await structureViewOf(ctx, site);
    return toPage(slice, groups.length, (group) => presentSiteSectionGroup(view, group));
  },
});
