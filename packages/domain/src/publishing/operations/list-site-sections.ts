import { z } from 'zod';
import { operation } from '../../core/operation';
import { type Page, pageRequest, pageSchemaOf, pagingShape, toPage } from '../../core/paging';
import { authorizeSite } from '../../policies';
import { ShareKeySchema, SiteIdParam, SiteOrganizationIdParam } from '../site-fields';
import { activeShareKeyOf } from '../site-share-key';
import { orderedSections } from '../site-structure';
import { sliceInOrder } from '../site-structure-paging';
import { presentSiteSection, type SiteSection, SiteSectionSchema } from '../site-structure-schema';
import { structureViewOf } from '../site-view';

/**
 * The sections of a site in visitors' order (grouped ones in their group's place), each with
 * its site spaces, for members with a role. `shareKey`: the key of an active share link of
 * the site, which the published URLs then carry. Outcomes: not a member, a guest, or the
 * site unknown or of another organization, 404; a `shareKey` that is not an active link's
 * of the site, 404 'Share link'.
 */
export const listSiteSections = operation({
  name: 'sites.sections.list',
  kind: 'query',
  summary: 'List the sections of a site',
  input: z.strictObject({
    organizationId: SiteOrganizationIdParam,
    siteId: SiteIdParam,
    shareKey: ShareKeySchema.optional(),
    ...pagingShape,
  }),
  output: pageSchemaOf(SiteSectionSchema),
  async run(ctx, input): Promise<Page<SiteSection>> {
    const { site } = await authorizeSite(ctx, input.organizationId, input.siteId, 'view');
    const shareKey = activeShareKeyOf(site, input.shareKey);
    const sections = orderedSections(site.structure);
    const slice = sliceInOrder(sections, (section) => section.id, pageRequest(input));
    const view = await structureViewOf(ctx, site, { shareKey });
    return toPage(slice, sections.length, (section) => presentSiteSection(view, section));
  },
});
