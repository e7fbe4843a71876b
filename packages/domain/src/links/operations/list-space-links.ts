import { z } from 'zod';
import { ChangeRequestIdParam, SpaceIdParam } from '../../content';
import { operation } from '../../core/operation';
import { pageRequest, pageSchemaOf, pagingShape, toPage } from '../../core/paging';
import { linkReportOf, statsOf, usagePage } from '../link-report';
import { LinkStatsSchema, LinkStatusSchema, LinkUsageSchema, presentUsage } from '../link-report-schema';

/**
 * The link report of a space's current content, or of a change request's own revision (so
 * a broken link is caught before merge): one item per target, broken ones first, with the
 * pages linking to it; `status` keeps one status. `stats` count the whole report; for a
 * change request, `broken.changeRequest` counts the broken targets that are not broken in
 * the space's content.
 * Outcomes: a space (or change request) the caller cannot view, 404; an unknown `status`
 * or a forged `page`, 400.
 */
export const listSpaceLinks = operation({
  name: 'spaces.links.list',
  kind: 'query',
  summary: 'The link report of a space or of a change request',
  input: z.strictObject({
    spaceId: SpaceIdParam,
    changeRequestId: ChangeRequestIdParam.optional().describe('A change request (id or number) to report on'),
    status: LinkStatusSchema.optional(),
    ...pagingShape,
  }),
  output: pageSchemaOf(LinkUsageSchema, { stats: LinkStatsSchema }),
  async run(ctx, input) {
    const report = await linkReportOf(ctx, input);
    const { slice, count } = usagePage(report.links.usages, input.status, pageRequest(input));
    return {
      ...toPage(slice, count, (usage) => presentUsage(report.present, usage)),
      stats: statsOf(report.links.usages, report.brokenInSpace),
    };
  },
});
