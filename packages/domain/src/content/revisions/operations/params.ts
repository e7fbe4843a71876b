import { z } from 'zod';
import { IdSchema } from '../../../core/schemas';
import { ChangeRequestIdParam } from '../../change-requests/operations/params';

/** The `revisionId` path parameter. */
export const RevisionIdParam = IdSchema.describe('Id of the revision');

/** The `pageId` path parameter. */
export const PageIdParam = IdSchema.describe('Id of the page');

/** The `fileId` path parameter. */
export const FileIdParam = IdSchema.describe('Id of the file');

/** GitBook's read options; git metadata and computed content do not exist here yet, so both change nothing. */
export const readOptions = {
  metadata: z.boolean().optional().describe('Include git metadata (default true; none is kept yet)'),
  computed: z.boolean().optional().describe('Compute computed content (default true; none exists yet)'),
};

/** The body format of a page: markdown (the stored form) or GitBook's document tree. */
export const PageFormatSchema = z
  .enum(['markdown', 'document'])
  .optional()
  .describe("Format of the body: markdown, or document (GitBook's document tree; the default)");

/** The content a read names besides the space's current content: a revision, or a change request's head. */
export const contentSourceShape = {
  revisionId: IdSchema.optional().describe('Id of a revision of the space (absent: its current content)'),
  changeRequestId: ChangeRequestIdParam.optional().describe(
    'A change request (id or number) whose content to read',
  ),
};
