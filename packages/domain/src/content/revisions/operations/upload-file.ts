import { z } from 'zod';
import { invalidInput, notFound } from '../../../core/errors';
import { operation } from '../../../core/operation';
import type { IncomingFileSource } from '../../../files';
import { authorizeChangeRequest, findChangeRequestOf } from '../../../policies/authorize-change-request';
import { authorizeSpace } from '../../../policies/authorize-space';
import { refuseEditOfEnded } from '../../change-requests/advance-change-request';
import { ChangeRequestIdParam } from '../../change-requests/operations/params';
import { updateChangeRequestContent } from '../../change-requests/operations/update-change-request-content';
import { SpaceIdParam } from '../../spaces/operations/params';
import type { ContentChange } from '../content-changes';
import { FileNameSchema } from '../file-name';
import { FileSchema } from '../revision-schema';
import { takenFile } from '../taken-file';
import { getFile } from './list-files';
import { FileIdParam } from './params';
import { updateSpaceContent } from './update-space-content';

const UPLOAD_REF = 'upload';

/**
 * Quire's own: adds one file to a space's content (live) or a change request's, or replaces
 * the bytes of one (`replace`: the same id, so every page that shows it shows the new bytes),
 * as one batch (`insert_files`, or `update_file`) and so one new revision. The faces differ
 * only in how the bytes arrive: GraphQL and tRPC send them as `base64` (at most the inline
 * limit); REST also takes them as the request's body (`POST .../content/files/upload?name=`,
 * counted as they arrive, up to the upload limit), which it hands over as an `upload` token.
 *
 * Outcomes: a space or change request the caller cannot see, 404; a role below edit (the
 * change request's `editContent`), 403, and no byte read; a change request merged or archived,
 * 409, and no byte read nor stored; one merged or archived while the bytes arrive, 409 once they
 * are read, and none stored (checked again between the read and the store; a merge landing in
 * the moment between that check and the revision's write still leaves the blob, named by
 * nothing: the blob store collects none); bytes over the limit, 413 naming
 * the field (`base64`, or `body` for the byte upload), nothing written; a `replace` the
 * content does not have, 404; no bytes or both ways, 400; otherwise 201 with the file.
 */
export const uploadFile = operation({
  name: 'spaces.content.files.upload',
  kind: 'mutation',
  summary: "Upload a file into a space's content or a change request, or replace a file's bytes",
  input: z
    .strictObject({
      spaceId: SpaceIdParam,
      changeRequestId: ChangeRequestIdParam.optional().describe(
        'A change request (id or number) to upload into (absent: the live content)',
      ),
      name: FileNameSchema,
      contentType: z
        .string()
        .max(255)
        .regex(/^[\w.+-]+\/[\w.+-]+$/, 'a MIME type such as image/png')
        .optional()
        .describe('MIME type (required with base64; the bytes decide for images)')
        .meta({ examples: ['image/png'] }),
      base64: z
        .string()
        .max(1_500_000)
        .optional()
        .describe('The bytes, base64-encoded (at most the inline limit)'),
      upload: z
        .string()
        .max(64)
        .optional()
        .describe(
          "Set by the REST face's byte upload for the bytes of its request (then `base64` is not read); unknown elsewhere",
        ),
      replace: FileIdParam.optional().describe('A file whose bytes these replace (the same id)'),
    })
    .refine((input) => input.base64 !== undefined || input.upload !== undefined, {
      message: 'give the bytes: base64, or the body of a byte upload',
      path: ['base64'],
    }),
  output: FileSchema,
  async run(ctx, input) {
    // Who may, and into what: checked before any byte is read (a byte upload's body is read,
    // and stored in the blob store, by `take`), so a refused upload stores nothing.
    // A change request merged or archived while the bytes arrive is refused again before they
    // are stored (`stillEditable`).
    let stillEditable: (() => Promise<void>) | undefined;
    if (input.changeRequestId === undefined) await authorizeSpace(ctx, input.spaceId, 'edit');
    else {
      const { space, changeRequest } = await authorizeChangeRequest(
        ctx,
        { spaceId: input.spaceId, changeRequestId: input.changeRequestId },
        'editContent',
      );
      refuseEditOfEnded(changeRequest);
      stillEditable = async () => refuseEditOfEnded(await findChangeRequestOf(ctx, space, changeRequest.id));
    }
    const source: IncomingFileSource = {
      name: input.name,
      ...(input.contentType !== undefined ? { contentType: input.contentType } : {}),
      ...(input.upload !== undefined ? { upload: input.upload } : { base64: input.base64 }),
    };
    if (input.upload === undefined && input.contentType === undefined)
      throw invalidInput('contentType', 'contentType is required with base64');
    if (input.replace !== undefined) {
      // A file the content does not have: 404 before any byte is read.
      await getFile.run(ctx, {
        spaceId: input.spaceId,
        ...(input.changeRequestId === undefined ? {} : { changeRequestId: input.changeRequestId }),
        fileId: input.replace,
      });
    }
    // Taken once here (refusals name this input's fields); the batch takes it again at no cost.
    await takenFile(ctx, source, input.upload !== undefined ? 'body' : 'base64', stillEditable);
    const change = (
      input.replace === undefined
        ? { operation: 'insert_files', files: [{ ...source, ref: UPLOAD_REF }] }
        : { operation: 'update_file', file: input.replace, ...source }
    ) as ContentChange;
    const where = { spaceId: input.spaceId, changes: [change] };
    const inChangeRequest =
      input.changeRequestId === undefined ? {} : { changeRequestId: input.changeRequestId };
    const answer =
      input.changeRequestId === undefined
        ? await updateSpaceContent.run(ctx, { ...where, revision: undefined })
        : await updateChangeRequestContent.run(ctx, {
            ...where,
            changeRequestId: input.changeRequestId,
            revision: undefined,
            compat: false,
          });
    const fileId = input.replace ?? ('insertedFiles' in answer ? answer.insertedFiles[0]?.id : undefined);
    if (fileId === undefined) throw notFound('File');
    return getFile.run(ctx, { spaceId: input.spaceId, ...inChangeRequest, fileId });
  },
});
