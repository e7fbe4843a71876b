import { z } from 'zod';
import {
  ChangeRequestIdParam,
  FileIdParam,
  mergedFromOf,
  presentRevision,
  SpaceIdParam,
} from '../../content';
import { notFound } from '../../core/errors';
import { operation } from '../../core/operation';
import { pageRequest, pageSchemaOf, pagingShape, sliceById, toPage } from '../../core/paging';
import { linkReportOf } from '../link-report';
import { BacklinkSchema } from '../link-report-schema';

/**
 * The pages of a space's current content (or of a change request's revision) that link to
 * or embed a file, by page id: each item the file's location in that revision, with the
 * page holding the link.
 * Outcomes: a space (or change request) the caller cannot view, or a file not in the
 * revision, 404; a forged `page`, 400.
 */
export const listFileBacklinks = operation({
  name: 'spaces.content.files.backlinks',
  kind: 'query',
  summary: 'The pages that link to or embed a file',
  input: z.strictObject({
    spaceId: SpaceIdParam,
    changeRequestId: ChangeRequestIdParam.optional().describe(
      'A change request (id or number) whose content to read',
    ),
    fileId: FileIdParam,
    ...pagingShape,
  }),
  output: pageSchemaOf(BacklinkSchema),
  async run(ctx, input) {
    const { links, present, context } = await linkReportOf(ctx, input);
    const file = context.files.get(input.fileId);
    if (!file) throw notFound('File');
    const pageIds = new Set(
      links.usages.flatMap((usage) =>
        usage.found.kind === 'file' && usage.found.fileId === file.id ? usage.pageIds : [],
      ),
    );
    const sorted = [...pageIds].sort();
    const slice = sliceById(sorted, (pageId) => pageId, pageRequest(input));
    const mergedFrom = await mergedFromOf(
      ctx,
      { organizationId: context.revision.organizationId, revisionId: context.space.revision },
      context.revision,
    );
    const revision = presentRevision(
      ctx.urls,
      context.revision,
      context.index,
      [...context.files.values()],
      mergedFrom,
    );
    const { organization, space } = context;
    return toPage(slice, sorted.length, (pageId) => ({
      kind: 'file' as const,
      organization,
      space,
      file: present.fileOf(file.id),
      versionContext: { type: 'revision' as const, revision },
      page: present.pageOf(pageId),
    }));
  },
});
