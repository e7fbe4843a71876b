import { z } from 'zod';
import { operation } from '../../core/operation';
import { type Page, pageRequest, pageSchemaOf, pagingShape, sliceById, toPage } from '../../core/paging';
import { authorizeSite } from '../../policies';
import { presentShareLink, type ShareLink, ShareLinkSchema } from '../share-link-schema';
import { SiteIdParam, SiteOrganizationIdParam } from '../site-fields';

/**
 * The share links of a site, oldest first, active or not (organization admins: each carries
 * its secret in `urls.published`). Outcomes: not a member or a guest, 404; a role below
 * admin, 403. A site holds few links: they are paged in memory, so `count` is exact.
 */
export const listShareLinks = operation({
  name: 'sites.shareLinks.list',
  kind: 'query',
  summary: 'List the share links of a site',
  input: z.strictObject({ organizationId: SiteOrganizationIdParam, siteId: SiteIdParam, ...pagingShape }),
  output: pageSchemaOf(ShareLinkSchema),
  async run(ctx, input): Promise<Page<ShareLink>> {
    const { site } = await authorizeSite(ctx, input.organizationId, input.siteId, 'admin');
    const slice = sliceById(site.shareLinks, (link) => link.id, pageRequest(input));
    return toPage(slice, site.shareLinks.length, (link) => presentShareLink(ctx.urls, site, link));
  },
});
