import { z } from 'zod';
import { operation } from '../../core/operation';
import { type Page, pageRequest, pageSchemaOf, pagingShape, sliceById, toPage } from '../../core/paging';
import { IdSchema } from '../../core/schemas';
import { authorizeOrganization, sitePermissions } from '../../policies';
import { SiteOrganizationIdParam } from '../site-fields';
import { presentSite, type Site, SiteSchema } from '../site-schema';

/**
 * The sites of an organization, oldest first, for members with a role (guests see none: an
 * empty list). Filters: `space` (sites showing that space), `title` (contains, ignoring
 * case), `published`. An organization holds few sites: they are read at once, filtered and
 * paged in memory, so `count` is exact.
 */
export const listSites = operation({
  name: 'sites.list',
  kind: 'query',
  summary: 'List the sites of an organization',
  input: z.strictObject({
    organizationId: SiteOrganizationIdParam,
    ...pagingShape,
    space: IdSchema.optional().describe('Only the sites showing this space'),
    title: z.string().max(128).optional().describe('Only the sites whose title contains this text'),
    published: z.boolean().optional().describe('Only published (true) or unpublished (false) sites'),
  }),
  output: pageSchemaOf(SiteSchema),
  async run(ctx, input): Promise<Page<Site>> {
    const { member } = await authorizeOrganization(ctx, input.organizationId, 'view');
    const permissions = sitePermissions(member);
    const title = input.title?.toLowerCase();
    const sites = permissions.view
      ? (await ctx.repos.sites.listAll(input.organizationId)).filter(
          (site) =>
            (input.space === undefined || site.spaceIds.includes(input.space)) &&
            (title === undefined || site.title.toLowerCase().includes(title)) &&
            (input.published === undefined || site.published === input.published),
        )
      : [];
    const slice = sliceById(sites, (site) => site.id, pageRequest(input));
    return toPage(slice, sites.length, (site) => presentSite(ctx.urls, site, permissions));
  },
});
