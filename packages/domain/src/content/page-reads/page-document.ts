/**
 * The document of one page of a revision (GitBook's `getPageDocumentInRevisionById`): the
 * page's body as GitBook's document tree, its reusable-content blocks and expressions
 * resolved when asked (`dereferenced`, `evaluated`: `reusable-contents/resolved-document.ts`).
 * This is the read a docs renderer makes for every page it shows, so it reads nothing but
 * the revision, its page index (kept per tree) and the one body's document, stored once
 * derived (`storedDocumentOf`: read, else converted and stored), after the page's
 * authorization.
 */
import { z } from 'zod';
import type { OperationContext } from '../../core/context';
import { notFound } from '../../core/errors';
import { operation } from '../../core/operation';
import { resolveOptionsOf, resolveReadShape } from '../reusable-contents/read-options';
import { resolvedDocument } from '../reusable-contents/resolved-document';
import { PageIdParam, RevisionIdParam } from '../revisions/operations/params';
import { pageIndexOf } from '../revisions/page-index';
import type { RevisionRecord } from '../revisions/records';
import { viewableRevision } from '../revisions/revision-content';
import { storedDocumentOf } from '../revisions/stored-documents';
import type { StoredPage } from '../revisions/stored-page';
import { SpaceIdParam } from '../spaces/operations/params';
import { DocumentSchema } from './document-schema';

/** Whether a page has a document: groups and links (GitBook's other page types) have none. */
const hasDocument = (page: StoredPage): boolean =>
  ((page as { type?: string }).type ?? 'document') === 'document';

/** The page's body as a document, resolved as `options` asks. */
export async function pageDocument(
  ctx: OperationContext,
  revision: RevisionRecord,
  page: StoredPage,
  options: ReturnType<typeof resolveOptionsOf>,
): Promise<Record<string, unknown>> {
  const document = await resolvedDocument(
    ctx,
    await storedDocumentOf(ctx, page.body),
    { spaceId: revision.spaceId, revision, pageVariables: page.variables ?? {} },
    options,
  );
  return document as unknown as Record<string, unknown>;
}

/**
 * The document of page `pageId` in revision `revisionId` of a space. Outcomes: a space the
 * caller cannot view, a revision not of it, a page not in the revision, a page without a
 * document (a group or a link), 404.
 */
export const getPageDocument = operation({
  name: 'spaces.revisions.page.document',
  kind: 'query',
  summary: 'Get the document of a page in a revision',
  input: z.strictObject({
    spaceId: SpaceIdParam,
    revisionId: RevisionIdParam,
    pageId: PageIdParam,
    ...resolveReadShape,
  }),
  output: DocumentSchema,
  async run(ctx, input) {
    const { revision } = await viewableRevision(ctx, input);
    const page = (await pageIndexOf(ctx, revision.tree)).pages.get(input.pageId);
    if (!page || !hasDocument(page)) throw notFound('Page');
    return pageDocument(ctx, revision, page, resolveOptionsOf(input));
  },
});
