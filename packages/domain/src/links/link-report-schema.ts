/**
 * The link report and backlink resources as GitBook's API has them: each item a target
 * (`targetReference`) with the pages holding links to it (`locationReferences`), both
 * absolute content locations; and their presenters.
 */
import { z } from 'zod';
import type { FileEntry, PageIndex, RevisionRecord } from '../content';
import {
  FileSchema,
  PageTreeNodeSchema,
  presentFile,
  presentPage,
  type Revision,
  RevisionSchema,
  type Space,
  SpaceSchema,
} from '../content';
import type { PublicUrls } from '../core/context';
import { type Organization, OrganizationSchema } from '../organizations';
import { LINK_STATUSES } from './link-status';
import type { LinkUsage } from './revision-links';

export const LinkStatusSchema = z
  .enum(LINK_STATUSES)
  .describe(
    "ok: nothing wrong; broken: the target is not in the revision; in-app: a URL of the app's screens",
  );

const RevisionContextSchema = z
  .object({ type: z.literal('revision'), revision: RevisionSchema })
  .describe('The revision the location is in');

const PageLocationSchema = z.object({
  kind: z.literal('page'),
  organization: OrganizationSchema,
  space: SpaceSchema,
  /** A location names the page, not its subtree: `pages` is left empty. */
  page: PageTreeNodeSchema.describe('The page (its subpages left out)'),
  internalLocation: z
    .object({ type: z.literal('anchor'), anchor: z.string() })
    .optional()
    .describe('The anchor within the page'),
});

const FileLocationSchema = z.object({
  kind: z.literal('file'),
  organization: OrganizationSchema,
  space: SpaceSchema,
  file: FileSchema,
});

const UrlLocationSchema = z.object({
  kind: z.literal('url'),
  url: z.string().describe('The URL as written'),
});

export const ContentLocationSchema = z
  .discriminatedUnion('kind', [PageLocationSchema, FileLocationSchema, UrlLocationSchema])
  .meta({ id: 'ContentLocation', description: 'Where content is: a page (and anchor), a file, or a URL' });

type ContentLocation = z.infer<typeof ContentLocationSchema>;

export const LinkUsageSchema = z
  .object({
    status: LinkStatusSchema,
    relation: z
      .enum(['reference', 'dependsOn'])
      .describe('reference: a link to the target; dependsOn: the target is embedded (an image)'),
    targetReference: ContentLocationSchema.describe(
      'The target: its page or file when the revision has it, else the URL as written',
    ),
    locationReferences: z.array(ContentLocationSchema).describe('The pages holding a link to the target'),
  })
  .meta({ id: 'ContentReferenceUsage', description: 'A target of links and the pages linking to it' });

export const LinkStatsSchema = z
  .object({
    total: z.number().int().min(0).describe('Number of targets linked to'),
    broken: z.object({
      total: z.number().int().min(0).describe('Number of broken ones'),
      changeRequest: z
        .number()
        .int()
        .min(0)
        .describe(
          "Broken ones a change request introduced (broken there, not in the space's content); 0 for a space",
        ),
    }),
  })
  .describe('Counts over the whole report, whatever the filter');

export const BacklinkSchema = FileLocationSchema.extend({
  versionContext: RevisionContextSchema,
  /** Quire's addition: the page holding the link (GitBook's item names only the file). */
  page: PageTreeNodeSchema.describe('The page linking to or embedding the file (its subpages left out)'),
}).meta({ id: 'FileBacklink', description: 'A page of a revision that links to or embeds a file' });

/** What locations in one revision are made of, presented once per request. */
export interface LinkContext {
  urls: PublicUrls;
  organization: Organization;
  space: Space;
  revision: RevisionRecord;
  index: PageIndex;
  files: ReadonlyMap<string, FileEntry>;
}

/** A presenter of locations in one revision, each page presented once. */
export function locationPresenter(context: LinkContext) {
  const { urls, organization, space, revision, index, files } = context;
  const pages = new Map<string, z.infer<typeof PageTreeNodeSchema>>();
  const pageOf = (pageId: string) => {
    let page = pages.get(pageId);
    if (!page) {
      const stored = index.pages.get(pageId);
      if (!stored) throw new Error(`page ${pageId} is not in revision ${revision.id}`);
      const {
        markdown: _markdown,
        document: _document,
        ...fields
      } = presentPage(urls, revision, index, stored, {
        markdown: '',
      });
      page = { ...fields, pages: [] };
      pages.set(pageId, page);
    }
    return page;
  };
  const fileOf = (fileId: string) => {
    const file = files.get(fileId);
    if (!file) throw new Error(`file ${fileId} is not in revision ${revision.id}`);
    return presentFile(urls, file);
  };
  const atPage = (pageId: string, anchor?: string): ContentLocation => ({
    kind: 'page',
    organization,
    space,
    page: pageOf(pageId),
    ...(anchor === undefined ? {} : { internalLocation: { type: 'anchor' as const, anchor } }),
  });
  const target = (usage: LinkUsage): ContentLocation => {
    const { found } = usage;
    if (found.kind === 'page') {
      return atPage(found.pageId, found.anchor);
    }
    if (found.kind === 'file') return { kind: 'file', organization, space, file: fileOf(found.fileId) };
    // Another space is named by its URL: presenting it would show a space the caller may not view.
    return { kind: 'url', url: usage.url };
  };
  return { atPage, target, pageOf, fileOf };
}

export function presentUsage(
  present: ReturnType<typeof locationPresenter>,
  usage: LinkUsage,
  pageIds: readonly string[] = usage.pageIds,
): z.infer<typeof LinkUsageSchema> {
  return {
    status: usage.status,
    relation: usage.relation,
    targetReference: present.target(usage),
    locationReferences: pageIds.map((pageId) => present.atPage(pageId)),
  };
}

export type { Revision };
