/**
 * A page's meta links (GitBook's `listSpacePageMetaLinks`, `...InRevision`, `...InChangeRequest`):
 * in GitBook's 0.202.0 shape, `RevisionPageMetaLinks`, the page's `canonical` link and its
 * `alternates` (a page or a URL each), which a renderer turns into `<link rel="canonical">`
 * and `<link rel="alternate" hreflang>`; previous, next and parent are not part of it (a
 * renderer finds them in the revision's page tree).
 *
 * GitBook keeps them as settings an editor gives a page. Quire's pages have no such setting
 * yet, so a page has no canonical link (a renderer then uses the page's own URL) and no
 * alternates; the answer still names the page, so an unknown page is a 404 as everywhere.
 */
import { z } from 'zod';
import { notFound } from '../../core/errors';
import { operation } from '../../core/operation';
import { contentSourceShape, PageIdParam } from '../revisions/operations/params';
import { pageIndexOf } from '../revisions/page-index';
import { viewableRevision } from '../revisions/revision-content';
import { SpaceIdParam } from '../spaces/operations/params';

const MetaLinkTargetSchema = z.union([
  z.object({
    kind: z.literal('page').describe('A page'),
    page: z.string().describe('Id of the page'),
    space: z.string().optional().describe('Id of the space holding it (absent: this one)'),
  }),
  z.object({ kind: z.literal('url').describe('A URL'), url: z.string().describe('The URL') }),
]);

export const PageMetaLinksSchema = z
  .object({
    canonical: MetaLinkTargetSchema.optional().describe('The canonical location of the page'),
    alternates: z
      .array(MetaLinkTargetSchema)
      .optional()
      .describe('Other versions of the page (another language, another variant)'),
  })
  .meta({ id: 'RevisionPageMetaLinks', description: "A page's canonical link and its alternates" });

/**
 * The meta links of a page of a space's current content, of one of its revisions or of a
 * change request. Outcomes: a space the caller cannot view, a revision or change request
 * not of it, a page the content does not hold, 404.
 */
export const listPageMetaLinks = operation({
  name: 'spaces.content.page.metaLinks',
  kind: 'query',
  summary: "List a page's meta links (its canonical link and alternates)",
  input: z.strictObject({ spaceId: SpaceIdParam, ...contentSourceShape, pageId: PageIdParam }),
  output: PageMetaLinksSchema,
  async run(ctx, input) {
    const { revision } = await viewableRevision(ctx, input);
    const page = (await pageIndexOf(ctx, revision.tree)).pages.get(input.pageId);
    if (!page) throw notFound('Page');
    return { alternates: [] };
  },
});
