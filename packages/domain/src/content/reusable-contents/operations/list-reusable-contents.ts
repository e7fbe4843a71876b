import { z } from 'zod';
import { notFound } from '../../../core/errors';
import { operation } from '../../../core/operation';
import { pageRequest, pageSchemaOf, pagingShape, sliceById, toPage } from '../../../core/paging';
import { IdSchema } from '../../../core/schemas';
import { contentSourceShape, readOptions } from '../../revisions/operations/params';
import { viewableRevision } from '../../revisions/revision-content';
import type { StoredPage } from '../../revisions/stored-page';
import { SpaceIdParam } from '../../spaces/operations/params';
import { presentReusableContent, ReusableContentSchema } from '../reusable-content-schema';
import { callerReusableContentsOf } from '../shown-references';

/** The `reusableContentId` path parameter. */
export const ReusableContentIdParam = IdSchema.describe('Id of the reusable content');

/**
 * The reusable contents of a space's current content (`revisionId` and `changeRequestId`
 * absent), of one of its revisions or of a change request, by id. Outcomes: a space the
 * caller cannot view, a revision not of this space, a change request not of it, 404.
 */
export const listReusableContents = operation({
  name: 'spaces.content.reusableContents.list',
  kind: 'query',
  summary: 'List the reusable contents of a space (its current content, a revision, a change request)',
  input: z.strictObject({
    spaceId: SpaceIdParam,
    ...contentSourceShape,
    ...pagingShape,
    ...readOptions,
  }),
  output: pageSchemaOf(ReusableContentSchema),
  async run(ctx, input) {
    const { revision } = await viewableRevision(ctx, input);
    const contents = [...(await callerReusableContentsOf(ctx, revision)).values()].sort(byId);
    const slice = sliceById(contents, (content) => content.id, pageRequest(input));
    return toPage(slice, contents.length, (content) => presentReusableContent(content, input.metadata));
  },
});

/**
 * One reusable content of a space's current content, revision or change request (GitBook's
 * `getReusableContentById`, `...InChangeRequestById`, `...InRevisionById`). Outcomes: as
 * `listReusableContents`; one the content does not hold, 404.
 */
export const getReusableContent = operation({
  name: 'spaces.content.reusableContents.get',
  kind: 'query',
  summary: 'Get a reusable content of a space (its current content, a revision, a change request)',
  input: z.strictObject({
    spaceId: SpaceIdParam,
    ...contentSourceShape,
    reusableContentId: ReusableContentIdParam,
    ...readOptions,
  }),
  output: ReusableContentSchema,
  async run(ctx, input) {
    const { revision } = await viewableRevision(ctx, input);
    const content = (await callerReusableContentsOf(ctx, revision)).get(input.reusableContentId);
    if (!content) throw notFound('Reusable content');
    return presentReusableContent(content, input.metadata);
  },
});

const byId = (a: StoredPage, b: StoredPage): number => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
