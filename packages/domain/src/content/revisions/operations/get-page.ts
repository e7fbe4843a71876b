import { z } from 'zod';
import type { OperationContext } from '../../../core/context';
import { notFound } from '../../../core/errors';
import { operation } from '../../../core/operation';
import { pageMarkdownForCaller } from '../../reusable-contents/caller-markdown';
import {
  type ResolveReadInput,
  resolveOptionsOf,
  resolveReadShape,
} from '../../reusable-contents/read-options';
import { resolvedDocument } from '../../reusable-contents/resolved-document';
import { SpaceIdParam } from '../../spaces/operations/params';
import { documentOfBody } from '../document-of-body';
import { type PageIndex, pageIndexOf } from '../page-index';
import { loadBodies } from '../page-tree';
import type { RevisionRecord } from '../records';
import { viewableRevision } from '../revision-content';
import { type Page, PageSchema, presentPage } from '../revision-schema';
import type { StoredPage } from '../stored-page';
import { contentSourceShape, PageFormatSchema, PageIdParam, readOptions } from './params';

const readPageShape = {
  spaceId: SpaceIdParam,
  ...contentSourceShape,
  format: PageFormatSchema,
  ...resolveReadShape,
  ...readOptions,
};

/** A page with its body in the format asked for (GitBook's default: the document tree). */
export async function presentPageWithBody(
  ctx: OperationContext,
  revision: RevisionRecord,
  index: PageIndex,
  page: StoredPage,
  format: 'markdown' | 'document' | undefined,
  resolve: ResolveReadInput = {},
): Promise<Page> {
  const markdown = (await loadBodies(ctx, [page.body])).get(page.body) ?? '';
  const options = resolveOptionsOf(resolve);
  const body =
    format === 'markdown'
      ? {
          // Includes expanded when asked; a site visitor's `if` blocks decided (caller-markdown.ts).
          markdown: await pageMarkdownForCaller(
            ctx,
            page.body,
            markdown,
            { revision, pageVariables: page.variables ?? {} },
            options.dereferenced === true,
          ),
        }
      : {
          // Reusable contents included and expressions evaluated when the read asks, a site
          // visitor's `if` blocks decided always (resolved-document.ts).
          document: (await resolvedDocument(
            ctx,
            documentOfBody(page.body, markdown),
            { spaceId: revision.spaceId, revision, pageVariables: page.variables ?? {} },
            options,
          )) as unknown as Record<string, unknown>,
        };
  return presentPage(ctx.urls, revision, index, page, body);
}

/**
 * One page of a space's current content (`revisionId` absent) or of one of its revisions,
 * with its body as markdown or as a document tree, and its subpages. Outcomes: a space the
 * caller cannot view, a revision not of this space, or a page not in the revision, 404.
 */
export const getPage = operation({
  name: 'spaces.content.page.get',
  kind: 'query',
  summary: 'Get a page of a space by id, with its body',
  input: z.strictObject({ ...readPageShape, pageId: PageIdParam }),
  output: PageSchema,
  async run(ctx, input) {
    const { revision } = await viewableRevision(ctx, input);
    const index = await pageIndexOf(ctx, revision.tree);
    const page = index.pages.get(input.pageId);
    if (!page) throw notFound('Page');
    return presentPageWithBody(ctx, revision, index, page, input.format, input);
  },
});

/**
 * One page by its path (its ancestors' slugs and its own, joined by '/'), as `getPage`.
 * Outcomes: as `getPage`; no page at that path, 404.
 */
export const getPageByPath = operation({
  name: 'spaces.content.path.get',
  kind: 'query',
  summary: 'Get a page of a space by its path, with its body',
  input: z.strictObject({
    ...readPageShape,
    pagePath: z.string().min(1).max(2048).describe('Path of the page, e.g. "guides/install"'),
  }),
  output: PageSchema,
  async run(ctx, input) {
    const { revision } = await viewableRevision(ctx, input);
    const index = await pageIndexOf(ctx, revision.tree);
    const page = index.byPath.get(input.pagePath.replace(/^\/+|\/+$/g, ''));
    if (!page) throw notFound('Page');
    return presentPageWithBody(ctx, revision, index, page, input.format, input);
  },
});
