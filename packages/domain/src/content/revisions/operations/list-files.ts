import { z } from 'zod';
import { notFound } from '../../../core/errors';
import { operation } from '../../../core/operation';
import { pageRequest, pageSchemaOf, pagingShape, sliceById, toPage } from '../../../core/paging';
import { SpaceIdParam } from '../../spaces/operations/params';
import { callerFilesOf, viewableRevision } from '../revision-content';
import { FileSchema, presentFile } from '../revision-schema';
import { contentSourceShape, FileIdParam, readOptions } from './params';

/**
 * The files of a space's current content (`revisionId` absent) or of one of its revisions,
 * by id. Outcomes: a space the caller cannot view or a revision not of this space, 404.
 */
export const listFiles = operation({
  name: 'spaces.content.files.list',
  kind: 'query',
  summary: 'List the files of a space (its current content, or a revision)',
  input: z.strictObject({
    spaceId: SpaceIdParam,
    ...contentSourceShape,
    ...pagingShape,
    ...readOptions,
  }),
  output: pageSchemaOf(FileSchema),
  async run(ctx, input) {
    const { revision } = await viewableRevision(ctx, input);
    const files = await callerFilesOf(ctx, revision);
    const slice = sliceById(files, (file) => file.id, pageRequest(input));
    return toPage(slice, files.length, (file) => presentFile(ctx.urls, file));
  },
});

/** One file of a space's content or revision. Outcomes: as `listFiles`; a file not in it, 404. */
export const getFile = operation({
  name: 'spaces.content.files.get',
  kind: 'query',
  summary: 'Get a file of a space (its current content, or a revision)',
  input: z.strictObject({
    spaceId: SpaceIdParam,
    ...contentSourceShape,
    fileId: FileIdParam,
    ...readOptions,
  }),
  output: FileSchema,
  async run(ctx, input) {
    const { revision } = await viewableRevision(ctx, input);
    const file = (await callerFilesOf(ctx, revision)).find((candidate) => candidate.id === input.fileId);
    if (!file) throw notFound('File');
    return presentFile(ctx.urls, file);
  },
});
