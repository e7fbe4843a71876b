import { z } from 'zod';
import { operation } from '../../../core/operation';
import { SpaceIdParam } from '../../spaces/operations/params';
import { pageIndexOf } from '../page-index';
import { viewableRevision } from '../revision-content';
import { PageTreeNodeSchema, presentPageTree } from '../revision-schema';
import { contentSourceShape, readOptions } from './params';

const PagesSchema = z
  .object({ pages: z.array(PageTreeNodeSchema).describe('Top-level pages, each with its subpages') })
  .meta({ id: 'RevisionPages', description: 'The pages of a revision' });

/**
 * The pages of a space's current content (`revisionId` absent) or of one of its revisions,
 * nested. Outcomes: a space the caller cannot view or a revision not of this space, 404.
 */
export const listPages = operation({
  name: 'spaces.content.pages.list',
  kind: 'query',
  summary: 'List the pages of a space (its current content, or a revision)',
  input: z.strictObject({ spaceId: SpaceIdParam, ...contentSourceShape, ...readOptions }),
  output: PagesSchema,
  async run(ctx, input) {
    const { revision } = await viewableRevision(ctx, input);
    const index = await pageIndexOf(ctx, revision.tree);
    return { pages: presentPageTree(ctx.urls, revision, index) };
  },
});
