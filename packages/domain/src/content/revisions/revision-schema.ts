/** The Revision, Page and File resources as GitBook's API has them, and their presenters. */
import { z } from 'zod';
import type { PublicUrls } from '../../core/context';
import { TimestampSchema, UrlSchema } from '../../core/schemas';
import { type ChangeRequest, ChangeRequestSchema } from '../change-requests/change-request-schema';
import { presentReusableContent, ReusableContentSchema } from '../reusable-contents/reusable-content-schema';
import type { RevisionExtras } from '../reusable-contents/revision-extras';
import { VariablesSchema } from '../reusable-contents/variables';
import { orderedCover, PageCoverSchema } from './page-cover';
import type { PageIndex } from './page-index';
import { gitBlobOf } from './page-tree';
import { EMPTY_BODY_ADDRESS, orderedLinkTarget, pageTypeOf } from './page-types';
import type { FileEntry, PageLinkTarget, RevisionRecord } from './records';
import { bySiblingOrder, type StoredPage } from './stored-page';

/** GitBook's `ContentRef` of a link page: another site, or a page of the space. */
const LinkTargetSchema = z.union([
  z.object({ kind: z.literal('url'), url: z.string().describe('The address') }),
  z.object({ kind: z.literal('page'), page: z.string().describe('Id of the page') }),
]);

const pageFields = {
  id: z.string().describe('Id of the page, stable across revisions'),
  title: z.string().describe('Title of the page'),
  emoji: z.string().optional().describe('Emoji of the page'),
  icon: z.string().optional().describe('Icon of the page'),
  description: z.string().optional().describe('Description of the page'),
  createdAt: TimestampSchema.describe('When the page was created'),
  updatedAt: TimestampSchema.describe('When the page last changed'),
  kind: z
    .enum(['sheet', 'group', 'link'])
    .describe('Deprecated: "sheet" for a document page, else as `type`'),
  type: z
    .enum(['document', 'group', 'link'])
    .describe(
      'Kind of page: a document (a body); a group (a top-level heading of the table of contents holding pages, no body); a link (a title and a target, no body, no subpages)',
    ),
  urls: z.object({ app: UrlSchema.describe('Page in the app') }),
  slug: z.string().describe('Path segment of the page, unique among its siblings'),
  path: z.string().describe("Path of the page in the space: its ancestors' slugs and its own"),
  target: LinkTargetSchema.optional().describe('Where a link page leads (link pages only)'),
  href: z.string().optional().describe("A link page's target as an address (link pages only)"),
  layout: z
    .object({
      width: z.enum(['default', 'wide']),
      cover: z.boolean(),
      coverSize: z.enum(['hero', 'full']),
      title: z.boolean(),
      description: z.boolean(),
      tableOfContents: z.boolean(),
      outline: z.boolean(),
      pagination: z.boolean(),
      metadata: z.boolean(),
    })
    .meta({
      id: 'PageLayout',
      description: "How the page is laid out (GitBook's defaults; not settable yet)",
    })
    .optional()
    .describe('How the page is laid out (document pages only)'),
  hidden: z.boolean().describe('Hidden from the table of contents'),
  git: z
    .object({
      oid: z.string().describe('SHA of the blob'),
      path: z.string().describe('Path of the blob in the repository'),
      url: z.string().optional().describe('The file on the Git provider'),
    })
    .optional()
    .describe('The file of the Git repository its last Git Sync import read it from'),
  variables: VariablesSchema.optional().describe(
    'Variables of the page (`{{ page.vars.<name> }}` in its content); absent: none',
  ),
  cover: PageCoverSchema.optional().describe('Cover image of the page (document pages only); absent: none'),
};

/** GitBook's default page layout: every page has it until layouts can be set. */
const DEFAULT_LAYOUT = {
  width: 'default',
  cover: true,
  coverSize: 'hero',
  title: true,
  description: true,
  tableOfContents: true,
  outline: true,
  pagination: true,
  metadata: true,
} as const;

/** A page in a tree, with its subpages (JSON in GraphQL: a tree of any depth). */
export interface PageTreeNode extends z.infer<z.ZodObject<typeof pageFields>> {
  pages: PageTreeNode[];
}

export const PageTreeNodeSchema: z.ZodType<PageTreeNode> = z
  .object({
    ...pageFields,
    pages: z.lazy(() => z.array(PageTreeNodeSchema)).describe('Subpages, in order'),
  })
  .meta({ id: 'RevisionPage', description: 'A page of a revision, with its subpages' });

export const FileSchema = z
  .object({
    id: z.string().describe('Id of the file'),
    name: z.string().describe('File name'),
    contentType: z.string().describe('MIME type'),
    downloadURL: UrlSchema.describe('Where the bytes are served'),
    size: z.number().int().min(0).describe('Size in bytes'),
    dimensions: z
      .object({ width: z.number(), height: z.number() })
      .optional()
      .describe('Width and height of an image, in pixels'),
    git: z
      .object({ oid: z.string(), path: z.string(), url: z.string().optional() })
      .optional()
      .describe('The file of the Git repository its last Git Sync import read it from'),
  })
  .meta({ id: 'RevisionFile', description: 'A file of a revision' });

export const RevisionTypeSchema = z
  .enum(['edits', 'merge', 'update', 'rollback'])
  .describe('Why the revision was made: edits, a merge of a change request, an update of one, a rollback');

export const RevisionSchema = z
  .object({
    object: z.literal('revision').describe('Always "revision"'),
    id: z.string().describe('Id of the revision'),
    parents: z.array(z.string()).describe('Revisions it was made from'),
    type: RevisionTypeSchema,
    pages: z.array(PageTreeNodeSchema).describe('Top-level pages, each with its subpages'),
    files: z.array(FileSchema).describe('Files of the revision'),
    reusableContents: z
      .array(ReusableContentSchema)
      .describe('Reusable contents of the revision, in the order they were added'),
    variables: VariablesSchema.describe('Variables of the space (`{{ space.vars.<name> }}` in content)'),
    createdAt: TimestampSchema.describe('When the revision was made'),
    git: z
      .object({
        oid: z.string().describe('SHA of the commit'),
        message: z.string().describe('Message of the commit'),
        createdByGitBook: z.boolean().describe("True when an export made the commit (GitBook's name)"),
        createdByService: z.boolean().describe('True when an export of this server made the commit'),
        ref: z.string().optional().describe('The ref the commit was read from'),
        url: z.string().optional().describe('The commit on the Git provider'),
      })
      .optional()
      .describe('The Git commit the revision was imported from'),
    mergedFrom: ChangeRequestSchema.optional().describe(
      'The change request the revision merged (only on a merge revision)',
    ),
    urls: z.object({ app: UrlSchema.describe('Revision in the app') }),
  })
  .meta({ id: 'Revision', description: 'An immutable version of the content of a space' });

export type Revision = z.infer<typeof RevisionSchema>;

/** GitBook's revision types; the first, empty revision of a space counts as edits. */
const revisionType = (record: RevisionRecord): Revision['type'] =>
  record.kind === 'initial' ? 'edits' : record.kind;

const spaceAppUrl = (
  urls: PublicUrls,
  revision: Pick<RevisionRecord, 'organizationId' | 'spaceId'>,
): string => `${urls.app}/o/${revision.organizationId}/s/${revision.spaceId}`;

/** The pages as GitBook's nested tree, from `parentId` (null: the top level) down. */
export function presentPageTree(
  urls: PublicUrls,
  revision: Pick<RevisionRecord, 'organizationId' | 'spaceId'>,
  index: PageIndex,
  parentId: string | null = null,
): PageTreeNode[] {
  const appBase = spaceAppUrl(urls, revision);
  const present = (page: StoredPage): PageTreeNode => ({
    ...presentPageFields(appBase, index, page),
    pages: (index.children.get(page.id) ?? []).map(present),
  });
  return (index.children.get(parentId) ?? []).map(present);
}

/**
 * A page's fields in GitBook's shape for its type (`RevisionPageDocument`, `RevisionPageGroup`,
 * `RevisionPageLink`). Beyond GitBook's, every page keeps `urls`, `slug` and `path` (Quire's
 * app and paths address every page by them).
 */
function presentPageFields(appBase: string, index: PageIndex, page: StoredPage): Omit<PageTreeNode, 'pages'> {
  const path = index.paths.get(page.id) ?? page.slug;
  const common = {
    id: page.id,
    title: page.title,
    ...(page.emoji !== undefined ? { emoji: page.emoji } : {}),
    ...(page.icon !== undefined ? { icon: page.icon } : {}),
    createdAt: page.createdAt,
    updatedAt: page.updatedAt,
  };
  const type = pageTypeOf(page);
  if (type !== 'document') {
    const target = type === 'link' ? page.target : undefined;
    return {
      ...common,
      kind: type,
      type,
      urls: { app: `${appBase}/${path}` },
      slug: page.slug,
      path,
      hidden: page.hidden,
      ...(target !== undefined
        ? { target: orderedLinkTarget(target), href: hrefOf(appBase, index, target) }
        : {}),
    };
  }
  return {
    ...common,
    ...(page.description !== undefined ? { description: page.description } : {}),
    kind: 'sheet',
    type: 'document',
    urls: { app: `${appBase}/${path}` },
    slug: page.slug,
    path,
    layout: DEFAULT_LAYOUT,
    hidden: page.hidden,
    ...(page.git !== undefined ? { git: gitBlobOf(page.git) } : {}),
    ...(page.variables !== undefined && Object.keys(page.variables).length > 0
      ? { variables: { ...page.variables } }
      : {}),
    ...(page.cover !== undefined ? { cover: orderedCover(page.cover) } : {}),
  };
}

/** A link's target as an address: the site's, or the page's in the app (its id when the page is gone). */
function hrefOf(appBase: string, index: PageIndex, target: PageLinkTarget): string {
  if (target.kind === 'url') return target.url;
  const path = index.paths.get(target.page);
  return path === undefined ? `${appBase}/pages/${target.page}` : `${appBase}/${path}`;
}

export const fileDownloadUrl = (urls: PublicUrls, file: Pick<FileEntry, 'hash' | 'name'>): string =>
  `${urls.api}/files/${file.hash}/${encodeURIComponent(file.name)}`;

export function presentFile(urls: PublicUrls, file: FileEntry): z.infer<typeof FileSchema> {
  return {
    id: file.id,
    name: file.name,
    contentType: file.contentType,
    downloadURL: fileDownloadUrl(urls, file),
    size: file.size,
    ...(file.dimensions ? { dimensions: file.dimensions } : {}),
    ...(file.git ? { git: gitBlobOf(file.git) } : {}),
  };
}

export function presentRevision(
  urls: PublicUrls,
  record: RevisionRecord,
  index: PageIndex,
  files: readonly FileEntry[],
  mergedFrom?: ChangeRequest,
  extras?: Pick<RevisionExtras, 'reusableContents' | 'variables'>,
): Revision {
  return {
    object: 'revision',
    id: record.id,
    parents: record.parents,
    type: revisionType(record),
    pages: presentPageTree(urls, record, index),
    files: files.map((file) => presentFile(urls, file)),
    reusableContents: extras
      ? [...extras.reusableContents.values()].sort(bySiblingOrder).map((item) => presentReusableContent(item))
      : [],
    variables: extras ? { ...extras.variables } : {},
    createdAt: record.createdAt,
    ...(record.git === undefined
      ? {}
      : {
          git: {
            oid: record.git.oid,
            message: record.git.message,
            createdByGitBook: record.git.createdByService,
            createdByService: record.git.createdByService,
            ...(record.git.ref !== undefined ? { ref: record.git.ref } : {}),
            ...(record.git.url !== undefined ? { url: record.git.url } : {}),
          },
        }),
    ...(mergedFrom === undefined ? {} : { mergedFrom }),
    urls: { app: `${spaceAppUrl(urls, record)}/revisions/${record.id}` },
  };
}

/** One page with its markdown (and its subpages), as `content/page/{pageId}` answers. */
export const PageSchema = z
  .object({
    ...pageFields,
    pages: z.lazy(() => z.array(PageTreeNodeSchema)).describe('Subpages, in order'),
    documentId: z
      .string()
      .optional()
      .describe(
        'Id of the document holding the body (`GET SPACE/documents/{documentId}`); absent: an empty page',
      ),
    markdown: z.string().optional().describe('Body of the page as markdown (format=markdown)'),
    document: z
      .record(z.string(), z.unknown())
      .optional()
      .describe('Body of the page as a document tree (format=document)'),
  })
  .meta({ id: 'Page', description: 'A page of a revision with its body' });

export type Page = z.infer<typeof PageSchema>;

export function presentPage(
  urls: PublicUrls,
  revision: Pick<RevisionRecord, 'organizationId' | 'spaceId'>,
  index: PageIndex,
  page: StoredPage,
  body: { markdown: string } | { document: Record<string, unknown> },
): Page {
  return {
    ...presentPageFields(spaceAppUrl(urls, revision), index, page),
    pages: presentPageTree(urls, revision, index, page.id),
    // A group or a link has no body (GitBook's `RevisionPageGroup` carries no document).
    ...(pageTypeOf(page) === 'document'
      ? { ...(page.body !== EMPTY_BODY_ADDRESS ? { documentId: page.body } : {}), ...body }
      : {}),
  };
}
