/**
 * What the three link operations share: the links of the revision a request names, its
 * locations presented as the caller sees them, the report's stats, and its pages.
 */

import { type ContentSource, contentOf, presentSpace, viewableRevision } from '../content';
import { callerOf, type OperationContext } from '../core/context';
import { notFound } from '../core/errors';
import { type Cursor, invalidCursor, type PageRequest, type Slice } from '../core/paging';
import { organizationPresenterFor } from '../organizations';
import { spaceAccessFor } from '../policies/authorize-space';
import { type LinkContext, locationPresenter } from './link-report-schema';
import type { LinkStatus } from './link-status';
import { type LinkUsage, type RevisionLinks, revisionLinks, STATUS_RANK } from './revision-links';

export interface LinkReport {
  links: RevisionLinks;
  present: ReturnType<typeof locationPresenter>;
  context: LinkContext;
  /** For a change request: the keys of the links broken in the space's own content. */
  brokenInSpace?: ReadonlySet<string>;
}

/** The links of the revision `source` names, for a caller who may view it (else 404). */
export async function linkReportOf(ctx: OperationContext, source: ContentSource): Promise<LinkReport> {
  const { space, revision } = await viewableRevision(ctx, source);
  const [{ index, files }, organization, access] = await Promise.all([
    contentOf(ctx, revision),
    ctx.repos.organizations.findById(space.organizationId),
    spaceAccessFor(ctx, [space]),
  ]);
  const permissions = access.get(space.id)?.permissions;
  if (!organization || !permissions) throw notFound('Space');
  const presentOrganization = await organizationPresenterFor(ctx, callerOf(ctx).userId, [organization]);
  const context: LinkContext = {
    urls: ctx.urls,
    organization: presentOrganization(organization),
    space: presentSpace(ctx.urls, space, permissions),
    revision,
    index,
    files: new Map(files.map((file) => [file.id, file])),
  };
  const links = await revisionLinks(ctx, space, revision, index, files);
  const report: LinkReport = { links, present: locationPresenter(context), context };
  if (source.changeRequestId !== undefined) {
    const head = await viewableRevision(ctx, { spaceId: space.id });
    const headContent = await contentOf(ctx, head.revision);
    const headLinks = await revisionLinks(ctx, space, head.revision, headContent.index, headContent.files);
    report.brokenInSpace = new Set(
      headLinks.usages.filter((usage) => usage.status === 'broken').map((usage) => usage.key),
    );
  }
  return report;
}

/** The stats of a list of usages (for a change request, what it broke that the space has not). */
export function statsOf(usages: readonly LinkUsage[], brokenInSpace?: ReadonlySet<string>) {
  const broken = usages.filter((usage) => usage.status === 'broken');
  return {
    total: usages.length,
    broken: {
      total: broken.length,
      changeRequest: brokenInSpace ? broken.filter((usage) => !brokenInSpace.has(usage.key)).length : 0,
    },
  };
}

/**
 * A keyset page of usages in report order (broken first, then by key), filtered by status.
 * The cursor holds the status rank and the key of the last usage returned.
 */
export function usagePage(
  usages: readonly LinkUsage[],
  status: LinkStatus | undefined,
  page: PageRequest,
): { slice: Slice<LinkUsage>; count: number } {
  const kept = status === undefined ? usages : usages.filter((usage) => usage.status === status);
  const after = page.after;
  let start = 0;
  if (after) {
    const [rank] = after.values;
    if (after.values.length !== 1 || typeof rank !== 'number') throw invalidCursor();
    const index = kept.findIndex(
      (usage) =>
        STATUS_RANK[usage.status] > rank || (STATUS_RANK[usage.status] === rank && usage.key > after.id),
    );
    start = index === -1 ? kept.length : index;
  }
  const rest = kept.slice(start, start + page.limit + 1);
  const items = rest.slice(0, page.limit);
  const cursors: Cursor[] = items.map((usage) => ({ values: [STATUS_RANK[usage.status]], id: usage.key }));
  const last = cursors[cursors.length - 1];
  const slice: Slice<LinkUsage> = {
    items,
    cursors,
    ...(rest.length > page.limit && last ? { next: last } : {}),
  };
  return { slice, count: kept.length };
}
