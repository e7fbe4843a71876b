/**
 * A page of a visit rendered by `@quire/reader`: the page read through the site token
 * (`spaces.content.page.get` on the lookup's revision, reusable contents included and
 * expressions evaluated, GitBook's read options), the revision's files when the page names
 * any, its code highlighted, its `if` blocks evaluated on the visitor's claims, then the frame
 * (`reader-frame.ts`), breadcrumbs and previous/next from the page tree. The HTML is kept in
 * the render cache under a key naming the revision, the site's version as shown, the path, the
 * share key it was read with, and the visitor only by which of the page's conditions hold for
 * them (`render-cache/page-conditions.ts`): claims no condition reads make no new key, so a
 * `visitor.*` parameter cannot make the page render again. Answered with that key as its ETag.
 */

import type { JSONDocument } from '@quire/documents';
import { executeOperation, operations } from '@quire/domain';
import {
  type HeadTag,
  highlightCode,
  openApiLinksOf,
  openApiSpecSlugsOf,
  type ReaderFile,
  type ReaderLinks,
  type ReaderOpenApiSpecText,
  renderNotFoundPage,
  renderReaderPage,
} from '@quire/reader';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../services';
import { linkQueryOf, markdownUrlOf } from './machine-formats/page-markdown';
import { pageMentionNames } from './page-mention-names';
import { readerCoverOf } from './reader-cover';
import { emojiText, type ReaderFrame, readerFrameOf } from './reader-frame';
import { EVENTS_PATH } from './reader-tool-paths';
import { type PageTreeNode, type ReaderVisit, readOrNothing } from './reader-visit';
import {
  type ConditionRead,
  conditionRead,
  conditionsReadIn,
  conditionsWith,
  type PageConditions,
  pageConditionsOf,
  pageSpecSlugsOf,
  type RenderedOutput,
  renderCacheOf,
  renderKey,
  type SpecVersionSeen,
  sendRendered,
  siteVersionOf,
  specKeyParts,
  visitorKeyOf,
} from './render-cache';
import type { SitePages } from './site-pages';
import { visitorCondition } from './visitor-condition';

const HTML = 'text/html; charset=utf-8';

/** Extra `<head>` tags of a page (the machine formats' canonical, robots, Open Graph). */
export type PageHeadTags = (
  visit: ReaderVisit,
  page: { title: string; description?: string; path: string },
) => HeadTag[];

/** The ids of the files the document references (a walk bounded in depth). */
function fileIdsOf(node: unknown, ids = new Set<string>(), depth = 0): Set<string> {
  if (depth > 64 || node === null || typeof node !== 'object') return ids;
  if (Array.isArray(node)) {
    for (const item of node) fileIdsOf(item, ids, depth + 1);
    return ids;
  }
  const record = node as Record<string, unknown>;
  if (record.kind === 'file' && typeof record.file === 'string') ids.add(record.file);
  for (const value of Object.values(record)) if (typeof value === 'object') fileIdsOf(value, ids, depth + 1);
  return ids;
}

interface ListedFile {
  id: string;
  name: string;
  contentType: string;
  size: number;
  downloadURL: string;
  dimensions?: { width: number; height: number };
}

/**
 * The files the document references, read from the revision's list page by page until each is
 * found (or the list ends): *changed (nineteenth session)*, only its first page of 1,000 was
 * read, so a page naming a file past it showed that image as its text.
 */
async function filesOf(visit: ReaderVisit, document: unknown): Promise<Map<string, ReaderFile>> {
  const wanted = fileIdsOf(document);
  const found = new Map<string, ReaderFile>();
  let page: string | undefined;
  while (found.size < wanted.size) {
    const listed = (await readOrNothing(() =>
      executeOperation(operations.spaces.content.files.list, visit.ctx, {
        spaceId: visit.lookup.space,
        ...(visit.lookup.revision === undefined ? {} : { revisionId: visit.lookup.revision }),
        limit: 1000,
        ...(page === undefined ? {} : { page }),
      }),
    )) as { items?: ListedFile[]; next?: { page: string } } | undefined;
    for (const file of listed?.items ?? [])
      if (wanted.has(file.id))
        found.set(file.id, {
          url: file.downloadURL,
          name: file.name,
          contentType: file.contentType,
          size: file.size,
          ...(file.dimensions ? { width: file.dimensions.width, height: file.dimensions.height } : {}),
        });
    page = listed?.next?.page;
    if (page === undefined) break;
  }
  return found;
}

/**
 * The newest version of each OpenAPI spec the document's blocks name, read as the visitor (a site
 * token may read the specs its published pages name; a member, those they may view); a spec not
 * readable is left out and its blocks show what the document holds.
 */
async function specsOf(visit: ReaderVisit, document: unknown): Promise<Map<string, ReaderOpenApiSpecText>> {
  const specs = new Map<string, ReaderOpenApiSpecText>();
  const organizationId = visit.lookup.organization;
  const slugs = openApiSpecSlugsOf(document);
  if (slugs.length === 0 || organizationId === undefined) return specs;
  await Promise.all(
    slugs.map(async (specSlug) => {
      const [version, content] = await Promise.all([
        readOrNothing(() =>
          executeOperation(operations.openapi.versions.latest, visit.ctx, { organizationId, specSlug }),
        ),
        readOrNothing(() =>
          executeOperation(operations.openapi.versions.latestContent, visit.ctx, {
            organizationId,
            specSlug,
          }),
        ),
      ]);
      const text = content?.bundled ?? Object.values(content?.filesystem ?? {})[0];
      if (version && typeof text === 'string') specs.set(specSlug, { version: version.id, text });
    }),
  );
  return specs;
}

/** The newest version of each spec, as the visitor may read it (none when missing or not readable). */
async function newestSpecVersionsOf(
  visit: ReaderVisit,
  slugs: readonly string[],
): Promise<SpecVersionSeen[]> {
  const organizationId = visit.lookup.organization;
  if (organizationId === undefined) return slugs.map((slug) => ({ slug, version: undefined }));
  return Promise.all(
    slugs.map(async (specSlug) => {
      const version = await readOrNothing(() =>
        executeOperation(operations.openapi.versions.latest, visit.ctx, { organizationId, specSlug }),
      );
      return { slug: specSlug, version: version?.id };
    }),
  );
}

function linksOf(frame: ReaderFrame, visit: ReaderVisit, files: Map<string, ReaderFile>): ReaderLinks {
  return {
    page: (pageId, spaceId) =>
      spaceId === undefined || spaceId === visit.lookup.space ? frame.pageLink(pageId) : undefined,
    file: (fileId, spaceId) =>
      spaceId === undefined || spaceId === visit.lookup.space ? files.get(fileId) : undefined,
  };
}

const neighbour = (frame: ReaderFrame, page: PageTreeNode | undefined) => {
  if (!page) return undefined;
  const link = frame.pageLink(page.id);
  return link ? { title: page.title, href: link.href } : undefined;
};

/** Renders the page (or answers it from the cache), with its ETag. */
export async function renderPage(
  services: Services,
  headTagsOf: PageHeadTags,
  request: FastifyRequest,
  reply: FastifyReply,
  visit: ReaderVisit,
  pages: SitePages,
  page: PageTreeNode,
): Promise<FastifyReply> {
  const revision = visit.lookup.revision ?? visit.lookup.space;
  const holds = visitorCondition(visit.claims);
  const keyOf = (specs: readonly SpecVersionSeen[], conditions: PageConditions) =>
    renderKey({
      // The revision, and the newest version of each OpenAPI spec the page shows: a spec
      // uploaded again changes what the page shows without a new revision.
      revisions: [revision, ...specKeyParts(specs)],
      siteVersion: siteVersionOf(visit.site),
      visitor: {
        // Which of the page's conditions hold for the visitor, not their claims.
        conditions: visitorKeyOf(conditions, holds, visit.claims),
        // The page's links carry a `?share=` key: each key its own output.
        shareKey: visit.lookup.shareKey ?? null,
      },
      // The origin too: a site served at two addresses renders its links and head tags for each.
      path: `${visit.baseUrl}${page.path}`,
      format: 'html',
    });
  const audience = {
    visibility: visit.site.site.visibility,
    personal: Object.keys(visit.claims).length > 0 || visit.lookup.shareKey !== undefined,
  };
  const cache = renderCacheOf(services);
  const specSlugs = pageSpecSlugsOf(services);
  const pageConditions = pageConditionsOf(services);
  const pageKey = `${revision}/${page.id}`;
  const slugs = specSlugs.get(pageKey);
  const known = pageConditions.get(pageKey);
  /** Renders the page, learning the conditions it read (kept for the page's next keys). */
  const render = async (specsSeen?: PageHtmlOptions['specsSeen']) => {
    const read = new Set<string>();
    const body = await pageHtml(visit, pages, page, {
      headTags: headTagsOf,
      tools: true,
      conditionsRead: (expression) => read.add(expression),
      ...(specsSeen === undefined ? {} : { specsSeen }),
    });
    const conditions = conditionsWith(pageConditions.get(pageKey), read);
    if (conditions !== pageConditions.get(pageKey)) pageConditions.set(pageKey, conditions);
    return { body, conditions };
  };
  let output: RenderedOutput;
  if (slugs === undefined || known === undefined) {
    // Which specs the page shows and which conditions it reads are learnt by rendering it
    // (its document names them): rendered now, not read from the cache, then kept under the
    // key naming what it showed.
    let seen: readonly SpecVersionSeen[] = [];
    const { body, conditions } = await render((specs) => {
      seen = specs;
    });
    specSlugs.set(
      pageKey,
      seen.map((spec) => spec.slug),
    );
    output = cache.set(keyOf(seen, conditions), body, HTML);
  } else {
    const seen = slugs.length === 0 ? [] : await newestSpecVersionsOf(visit, slugs);
    const hit = cache.get(keyOf(seen, known));
    if (hit !== undefined) output = hit;
    else {
      // Kept under the conditions known after this render: one it read for the first time
      // (in a branch no visitor had opened) is named by the key too.
      const { body, conditions } = await render();
      output = cache.set(keyOf(seen, conditions), body, HTML);
    }
  }
  return sendRendered(request, reply, output, audience);
}

export interface PageHtmlOptions {
  /** The page's extra `<head>` tags (none by default). */
  headTags?: PageHeadTags;
  /** Whether the page offers the readers' tools (its markdown, its events): not in a preview. */
  tools?: boolean;
  /** The frame, when the caller made its own (a preview's); else the visit's. */
  frame?: ReaderFrame;
  /** Told the OpenAPI specs the page names and the version of each it showed. */
  specsSeen?: (specs: readonly SpecVersionSeen[]) => void;
  /** Told each visitor condition the render tests (the page read's and the reader's). */
  conditionsRead?: ConditionRead;
}

/** The page's HTML, rendered now (no cache). */
export async function pageHtml(
  visit: ReaderVisit,
  pages: SitePages,
  page: PageTreeNode,
  options: PageHtmlOptions = {},
): Promise<string> {
  const headTagsOf = options.headTags ?? (() => []);
  const conditionsRead = options.conditionsRead;
  const pageCtx = conditionsRead === undefined ? visit.ctx : conditionsReadIn(visit.ctx, conditionsRead);
  const read = await executeOperation(operations.spaces.content.page.get, pageCtx, {
    spaceId: visit.lookup.space,
    ...(visit.lookup.revision === undefined ? {} : { revisionId: visit.lookup.revision }),
    pageId: page.id,
    format: 'document',
    evaluated: true,
    dereferenced: true,
  });
  const document = read.document as unknown as JSONDocument | undefined;
  const frame = options.frame ?? readerFrameOf(visit, pages);
  const [files, code, specs, mentionNames] = await Promise.all([
    // The cover's file too, when it has one.
    filesOf(visit, [document, read.cover]),
    highlightCode([document]),
    specsOf(visit, document),
    pageMentionNames(
      visit,
      { spaceId: visit.lookup.space, revisionId: visit.lookup.revision, pageId: page.id },
      document,
    ),
  ]);
  options.specsSeen?.(
    openApiSpecSlugsOf(document).map((slug) => ({ slug, version: specs.get(slug)?.version })),
  );
  const cover = readerCoverOf(read.cover, files);
  const order = pages.readingOrder;
  const at = order.findIndex((candidate) => candidate.id === page.id);
  const breadcrumbs = pages
    .ancestorsOf(page.id)
    .map((ancestor) =>
      ancestor.type === 'document'
        ? (neighbour(frame, ancestor) ?? { title: ancestor.title })
        : { title: ancestor.title },
    );
  return renderReaderPage({
    ...frame,
    page: {
      id: page.id,
      title: read.title,
      ...(read.description === undefined ? {} : { description: read.description }),
      ...(read.emoji === undefined ? {} : { emoji: emojiText(read.emoji) }),
      ...(read.icon === undefined ? {} : { icon: read.icon }),
      ...(cover === undefined ? {} : { cover }),
      document,
      mentionNames,
      updatedAt: read.updatedAt,
      path: page.path,
    },
    breadcrumbs,
    previous: at > 0 ? neighbour(frame, order[at - 1]) : undefined,
    next: at >= 0 ? neighbour(frame, order[at + 1]) : undefined,
    links: { ...linksOf(frame, visit, files), ...openApiLinksOf(specs) },
    condition: conditionRead(visitorCondition(visit.claims), conditionsRead),
    code,
    ...(options.tools
      ? {
          tools: {
            markdownHref: markdownUrlOf(visit.lookup.basePath, page.path, linkQueryOf(visit.lookup)),
            eventsHref: `${visit.lookup.basePath}${EVENTS_PATH}`,
          },
        }
      : {}),
    headTags: headTagsOf(visit, {
      title: read.title,
      ...(read.description === undefined ? {} : { description: read.description }),
      path: page.path,
    }),
  });
}

/**
 * The site's own not-found page for the visit. Its script sends a page view with the path asked
 * for and no page (GitBook's insights location allows `page: null`): a reader who follows a
 * broken link counts (`reader-events.ts`).
 */
export function renderNotFound(visit: ReaderVisit, pages: SitePages, path: string): string {
  const frame = readerFrameOf(visit, pages);
  return renderNotFoundPage({
    ...frame,
    // The tree with no page open, kept: a missing path costs no render of the site's tree.
    treeHtml: frame.closedTreeHtml(),
    path,
    tools: { eventsHref: `${visit.lookup.basePath}${EVENTS_PATH}` },
    headTags: [{ tag: 'meta', name: 'robots', content: 'noindex' }],
  });
}
