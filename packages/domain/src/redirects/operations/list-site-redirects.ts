import { z } from 'zod';
import { operation } from '../../core/operation';
import { type Page, pageRequest, pageSchemaOf, pagingShape, toPage } from '../../core/paging';
import { authorizeSite } from '../../policies';
import { SiteIdParam, SiteOrganizationIdParam } from '../../publishing';
import type { SiteRedirectQuery } from '../ports';
import { presentSiteRedirect, type SiteRedirect, SiteRedirectSchema } from '../redirect-schema';
import { MAX_SOURCE_LENGTH } from '../redirect-source';

/**
 * The redirects of a site, live ones unless `draft` is true, for any member with a role on
 * the organization. `search`: text the source contains (literally, any case). `orderBy`:
 * `createdAt` (the default), newest first; `updatedAt`, the most recently changed first (a
 * redirect never changed counts from its creation); `source`, alphabetically. Keyset pages,
 * `count` exact. Outcomes: not a member, a guest, or the site unknown or of another
 * organization, 404.
 */
export const listSiteRedirects = operation({
  name: 'sites.redirects.list',
  kind: 'query',
  summary: 'List the redirects of a site',
  input: z.strictObject({
    organizationId: SiteOrganizationIdParam,
    siteId: SiteIdParam,
    draft: z.boolean().optional().describe('true: the drafts; false or absent: the live redirects'),
    search: z.string().min(1).max(MAX_SOURCE_LENGTH).optional().describe('Text the source contains'),
    orderBy: z
      .enum(['createdAt', 'updatedAt', 'source'])
      .optional()
      .describe('createdAt (default): newest first; updatedAt: last changed first; source: alphabetical'),
    ...pagingShape,
  }),
  output: pageSchemaOf(SiteRedirectSchema),
  async run(ctx, input): Promise<Page<SiteRedirect>> {
    const { site } = await authorizeSite(ctx, input.organizationId, input.siteId, 'view');
    const query: SiteRedirectQuery = {
      siteId: site.id,
      draft: input.draft ?? false,
      search: input.search,
      orderBy: input.orderBy ?? 'createdAt',
    };
    const [slice, count] = await Promise.all([
      ctx.repos.siteRedirects.list(query, pageRequest(input)),
      ctx.repos.siteRedirects.count(query),
    ]);
    return toPage(slice, count, presentSiteRedirect);
  },
});
