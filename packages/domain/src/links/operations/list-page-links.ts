import { z } from 'zod';
import { ChangeRequestIdParam, PageIdParam, SpaceIdParam } from '../../content';
import { notFound } from '../../core/errors';
import { operation } from '../../core/operation';
import { pageRequest, pageSchemaOf, pagingShape, toPage } from '../../core/paging';
import { linkReportOf, statsOf, usagePage } from '../link-report';
import { LinkStatsSchema, LinkStatusSchema, LinkUsageSchema, presentUsage } from '../link-report-schema';

/**
 * The links of one page of a space's current content or of a change request's revision:
 * the link report (same items, order, filter and stats) of that page alone, each item's
 * `locationReferences` being the page.
 * Outcomes: a space (or change request) the caller cannot view, or a page not in the
 * revision, 404; an unknown `status` or a forged `page`, 400.
 */
export const listPageLinks = operation({
  name: 'spaces.content.page.links',
  kind: 'query',
  summary: 'The links of a page',
  input: z.strictObject({
    spaceId: SpaceIdParam,
    changeRequestId: ChangeRequestIdParam.optional().describe(
      'A change request (id or number) whose page to read',
    ),
    pageId: PageIdParam,
    status: LinkStatusSchema.optional(),
    ...pagingShape,
  }),
  output: pageSchemaOf(LinkUsageSchema, { stats: LinkStatsSchema }),
  async run(ctx, input) {
    const report = await linkReportOf(ctx, input);
    if (!report.context.index.pages.has(input.pageId)) throw notFound('Page');
    const usages = report.links.byPage.get(input.pageId) ?? [];
    const { slice, count } = usagePage(usages, input.status, pageRequest(input));
    return {
      ...toPage(slice, count, (usage) => presentUsage(report.present, usage, [input.pageId])),
      stats: statsOf(usages, report.brokenInSpace),
    };
  },
});
