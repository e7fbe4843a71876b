/**
 * The batch of content changes GitBook's newer API takes (`changes`: 1 to 50, applied in
 * order, all or nothing): insert, update, delete and revert pages, and insert files; and
 * Quire's own: insert, update and delete reusable contents, set variables
 * (`reusable-contents/reusable-content-changes.ts`), rename, replace and delete files
 * (`file-changes.ts`).
 */
import { z } from 'zod';
import { IdSchema } from '../../core/schemas';
import {
  type AppliedReusableContentChange,
  DeleteReusableContentSchema,
  InsertReusableContentSchema,
  presentReusableContentChange,
  UpdateReusableContentSchema,
  UpdateVariablesSchema,
} from '../reusable-contents/reusable-content-changes';
import { DeleteFileSchema, UpdateFileSchema } from './file-changes';
import { FileNameSchema } from './file-name';
import { PageBodySchema } from './page-body-schema';
import { PageCoverInputSchema } from './page-cover';

export const MAX_CHANGES = 50;

export type { PageBody } from './page-body-schema';
export { PageBodySchema };

const pageSettings = {
  title: z.string().min(1).max(255).optional().describe('Title of the page'),
  slug: z
    .string()
    .max(100)
    .regex(/^[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*$/u, 'lowercase words and digits joined by "-"')
    .optional()
    .describe('Path segment of the page among its siblings (default: from the title)'),
  emoji: z.string().max(50).optional().describe('Emoji of the page ("" removes it)'),
  icon: z.string().max(50).optional().describe('Icon of the page ("" removes it)'),
  description: z.string().max(1000).optional().describe('Description of the page'),
  hidden: z.boolean().optional().describe('Hidden from the table of contents'),
};

const AtSchema = z.number().int().min(0).max(100_000);

/** A link page's target (GitBook's `ContentRef`): another site's address (http or https), or a page of the space. */
export const LinkTargetInputSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('url'),
    url: z
      .string()
      .max(2048)
      .regex(/^https?:\/\/[^\s]+$/i, 'an http or https address')
      .describe('The address'),
  }),
  z.strictObject({ kind: z.literal('page'), page: IdSchema.describe('Id (or ref) of the page') }),
]);

export const InsertPageSchema = z
  .strictObject({
    operation: z.literal('insert_page'),
    type: z
      .enum(['document', 'group', 'link'])
      .optional()
      .describe(
        "Kind of page (Quire's addition to GitBook's change): a document (default), a group (a top-level heading of the table of contents holding pages; no document, no `into`) or a link (a title and a `target`; no document, no subpages)",
      ),
    ...pageSettings,
    into: IdSchema.optional().describe('Parent page (absent: the top level)'),
    at: AtSchema.optional().describe('Index among the siblings (absent: last)'),
    ref: z.string().min(1).max(128).optional().describe('Name later changes of the batch use for this page'),
    document: PageBodySchema.optional().describe(
      'Body of the new page (a document page only, and required there)',
    ),
    target: LinkTargetInputSchema.optional().describe(
      'Where a link page leads (a link page only, and required there)',
    ),
  })
  .superRefine((change, issues) => {
    const type = change.type ?? 'document';
    if (type === 'document' && change.document === undefined)
      issues.addIssue({ code: 'custom', path: ['document'], message: 'a document page needs a document' });
    if (type !== 'document' && change.document !== undefined)
      issues.addIssue({ code: 'custom', path: ['document'], message: `a ${type} page has no document` });
    if (type === 'link' && change.target === undefined)
      issues.addIssue({ code: 'custom', path: ['target'], message: 'a link page needs a target' });
    if (type !== 'link' && change.target !== undefined)
      issues.addIssue({ code: 'custom', path: ['target'], message: 'only a link page has a target' });
    if (type === 'group' && change.into !== undefined)
      issues.addIssue({ code: 'custom', path: ['into'], message: 'a group page is only at the top level' });
  })
  // The documented example is a document page: one of each optional field would be a page of
  // every kind at once, which the rules above refuse.
  .meta({
    examples: [
      { operation: 'insert_page', title: 'Installation', document: { markdown: '# Installation\n' } },
    ],
  });

export const UpdatePageSchema = z.strictObject({
  operation: z.literal('update_page'),
  ...pageSettings,
  page: IdSchema.describe('Id (or ref) of the page'),
  document: PageBodySchema.optional().describe('New body of the page'),
  into: IdSchema.nullable().optional().describe('New parent page (null: the top level; absent: unchanged)'),
  at: AtSchema.optional().describe('New index among the siblings'),
  target: LinkTargetInputSchema.optional().describe('New target of a link page'),
  cover: PageCoverInputSchema.nullable()
    .optional()
    .describe(
      "New cover of a document page (Quire's addition to GitBook's change, in the shape of GitBook's page `cover`; null removes it; absent: unchanged)",
    ),
});

export const DeletePageSchema = z.strictObject({
  operation: z.literal('delete_page'),
  page: IdSchema.describe('Id (or ref) of the page; its subpages go with it'),
});

export const RevertPageSchema = z.strictObject({
  operation: z.literal('revert_page'),
  page: IdSchema.describe('Id of the page'),
  revision: IdSchema.optional().describe('Revision to revert the page to (default: the base)'),
});

const IncomingFileSchema = z
  .strictObject({
    name: FileNameSchema,
    contentType: z
      .string()
      .max(255)
      .regex(/^[\w.+-]+\/[\w.+-]+$/, 'a MIME type such as image/png')
      .optional()
      .describe('MIME type (required with base64)'),
    ref: z.string().min(1).max(128).optional().describe('Name later changes of the batch use for this file'),
    url: z.string().url().max(2048).optional().describe('Public http(s) URL to fetch the file from'),
    base64: z
      .string()
      .max(1_500_000)
      .optional()
      .describe('The bytes, base64-encoded (at most 1 MB of bytes)'),
  })
  .refine((file) => (file.url === undefined) !== (file.base64 === undefined), {
    message: 'give exactly one of url and base64',
  })
  .refine((file) => file.base64 === undefined || file.contentType !== undefined, {
    message: 'contentType is required with base64',
    path: ['contentType'],
  });

export const InsertFilesSchema = z.strictObject({
  operation: z.literal('insert_files'),
  files: z.array(IncomingFileSchema).min(1).max(20).describe('Files to add, each from a URL or inline'),
});

export const ContentChangeSchema = z.discriminatedUnion('operation', [
  InsertPageSchema,
  UpdatePageSchema,
  DeletePageSchema,
  RevertPageSchema,
  InsertFilesSchema,
  UpdateFileSchema,
  DeleteFileSchema,
  InsertReusableContentSchema,
  UpdateReusableContentSchema,
  DeleteReusableContentSchema,
  UpdateVariablesSchema,
]);
export type ContentChange = z.infer<typeof ContentChangeSchema>;

/** The batch's `revision`: the revision its changes were made from (`editedRevision`). */
export const MadeFromRevisionSchema = IdSchema.optional().describe(
  'The revision the changes were made from. When the content has moved on since, they are merged three-way into it (what changed meanwhile stays); what cannot be combined answers 409 with `conflicts` naming the pages, and nothing is written. Absent: the changes apply to the current content',
);

export const ContentChangesSchema = z
  .array(ContentChangeSchema)
  .min(1)
  .max(MAX_CHANGES)
  .describe('Changes applied in order, all or nothing');

/** What one page change did (GitBook's `created_page`, `updated_page`, `deleted_page`), before presenting. */
export type AppliedChange =
  | { object: 'created_page'; pageId: string; ref?: string }
  | { object: 'updated_page'; pageId: string }
  | { object: 'deleted_page'; pageId: string }
  | AppliedReusableContentChange;

const ChangedPageRefSchema = z.object({
  object: z.literal('page'),
  id: z.string().describe('Id of the page'),
  urls: z.object({ location: z.string().describe('The page in the API') }),
});

/** What a page change did, as answered with `compat=false`. */
export const AppliedChangeSchema = z.union([
  z.object({ object: z.literal('created_page'), ref: z.string().optional(), page: ChangedPageRefSchema }),
  z.object({ object: z.literal('updated_page'), page: ChangedPageRefSchema }),
  z.object({ object: z.literal('deleted_page'), page: z.string().describe('Id of the deleted page') }),
  z.object({
    object: z.literal('created_reusable_content'),
    ref: z.string().optional(),
    reusableContent: z.string().describe('Id of the new reusable content'),
  }),
  z.object({
    object: z.literal('updated_reusable_content'),
    reusableContent: z.string().describe('Id of the reusable content'),
  }),
  z.object({
    object: z.literal('deleted_reusable_content'),
    reusableContent: z.string().describe('Id of the deleted reusable content'),
  }),
]);
export type PresentedChange = z.infer<typeof AppliedChangeSchema>;

/** The answer's form of applied changes; `pageLocation` is where the content's pages are read. */
export function presentChanges(
  applied: readonly AppliedChange[],
  pageLocation: (pageId: string) => string,
): PresentedChange[] {
  return applied.map((change): PresentedChange => {
    if ('reusableContentId' in change) return presentReusableContentChange(change);
    if (change.object === 'deleted_page') return { object: 'deleted_page', page: change.pageId };
    const page = {
      object: 'page' as const,
      id: change.pageId,
      urls: { location: pageLocation(change.pageId) },
    };
    return change.object === 'created_page'
      ? { object: 'created_page', ...(change.ref !== undefined ? { ref: change.ref } : {}), page }
      : { object: 'updated_page', page };
  });
}
