import { z } from 'zod';
import { callerOf, type OperationContext } from '../../../core/context';
import { notFound } from '../../../core/errors';
import { operation } from '../../../core/operation';
import { IdSchema } from '../../../core/schemas';
import { ChangeRequestIdParam } from '../../change-requests/operations/params';
import { SpaceIdParam } from '../../spaces/operations/params';
import { pageIndexOf } from '../page-index';
import { type ContentSource, viewableRevision } from '../revision-content';

const pdfOptions = {
  only: z.boolean().optional().describe('With `page`: the page and its subpages only'),
  page: IdSchema.optional().describe('The page to print (with `only`)'),
};

const PdfLinkSchema = z
  .object({ url: z.string().describe('A signed URL serving the PDF; it works for an hour') })
  .meta({ id: 'PdfLink', description: 'Where to download a PDF of the content' });

/** The signed link to a PDF of the content a read names, checked to hold the page asked for. */
async function pdfLinkOf(
  ctx: OperationContext,
  source: ContentSource,
  options: { only?: boolean | undefined; page?: string | undefined },
) {
  const { space, revision } = await viewableRevision(ctx, source);
  const pageId = options.only && options.page !== undefined ? options.page : undefined;
  if (pageId !== undefined && !(await pageIndexOf(ctx, revision.tree)).pages.has(pageId))
    throw notFound('Page');
  return {
    url: ctx.pdfLinks.linkFor(
      {
        spaceId: space.id,
        revisionId: revision.id,
        ...(source.changeRequestId !== undefined ? { changeRequestId: source.changeRequestId } : {}),
        ...(pageId !== undefined ? { pageId } : {}),
      },
      { organizationId: space.organizationId, requestedBy: callerOf(ctx).userId },
    ),
  };
}

/**
 * A PDF of a space's current content (GitBook's `getSpacePDF`): a signed URL that serves it
 * for an hour. `only` with `page`: that page and its subpages. Outcomes: a space the caller
 * cannot view, or a page not in its content, 404.
 */
export const spacePdf = operation({
  name: 'spaces.pdf',
  kind: 'query',
  summary: 'Get a link to a PDF of a space',
  input: z.strictObject({ spaceId: SpaceIdParam, ...pdfOptions }),
  output: PdfLinkSchema,
  run: (ctx, input) => pdfLinkOf(ctx, input, input),
});

/**
 * A PDF of a change request's content (GitBook's `getChangeRequestPDF`), as `spaces.pdf`.
 * Outcomes: a space or change request the caller cannot see, or a page not in it, 404.
 */
export const changeRequestPdf = operation({
  name: 'changeRequests.pdf',
  kind: 'query',
  summary: 'Get a link to a PDF of a change request',
  input: z.strictObject({ spaceId: SpaceIdParam, changeRequestId: ChangeRequestIdParam, ...pdfOptions }),
  output: PdfLinkSchema,
  run: (ctx, input) => pdfLinkOf(ctx, input, input),
});
