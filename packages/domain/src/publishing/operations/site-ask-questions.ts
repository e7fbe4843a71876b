/**
 * The questions a site suggests its readers ask its AI assistant (GitBook's
 * `streamRecommendedQuestionsInSite`, `GET ORG/sites/{siteId}/ask/questions`). GitBook answers
 * them as a stream of events, one `{question}` each (the REST face sends the list so:
 * `RestRoute.eventStream`); the GraphQL and tRPC faces answer the list itself.
 *
 * Quire has no AI provider to write them: none is configured, so the list is empty (an empty
 * stream), which GitBook's renderer reads as "no suggestions" and shows none. What the answer
 * still tells is who may ask, exactly as the site's search (`search-site.ts`): whoever the
 * published view shows the site to (`visitSite`: a member who may view it, a visitor of a
 * published site with what its visibility needs, a site API token's bearer for its own site).
 *
 * Outcomes: a site the caller is not shown, or of another organization, 404 'Site'; a
 * `siteSpaceId` (or GitBook's deprecated `spaceId`) the visit does not show, 404 'Site space'
 * ('Space'); otherwise the questions, none.
 */
import { z } from 'zod';
import type { OperationContext } from '../../core/context';
import { notFound } from '../../core/errors';
import { operation } from '../../core/operation';
import { ShareKeySchema, SiteIdParam, SiteOrganizationIdParam } from '../site-fields';
import { locatedSiteSpaces, type Structure } from '../site-structure';
import { visitSite } from '../site-visitor';

/** One suggested question (GitBook's `SearchAIRecommendedQuestionStream`: an event of the stream). */
export const RecommendedQuestionSchema = z
  .strictObject({ question: z.string().describe('A question to ask') })
  .meta({ id: 'SearchAIRecommendedQuestion', examples: [{ question: 'How do I install it?' }] });
export type RecommendedQuestion = z.infer<typeof RecommendedQuestionSchema>;

/** The questions suggested while no AI provider is configured: none. */
async function recommendedQuestions(): Promise<RecommendedQuestion[]> {
  return [];
}

export const listSiteAskQuestions = operation({
  name: 'sites.askQuestions',
  kind: 'query',
  summary: 'List the questions a site suggests its readers ask (none without an AI provider)',
  access: 'visitor',
  input: z.strictObject({
    organizationId: SiteOrganizationIdParam,
    siteId: SiteIdParam,
    siteSpaceId: z.string().min(1).max(64).optional().describe('The site space to suggest questions for'),
    spaceId: z.string().min(1).max(64).optional().describe('Deprecated: use siteSpaceId'),
    shareKey: ShareKeySchema.optional(),
  }),
  output: z.array(RecommendedQuestionSchema).describe('The suggested questions, in order'),
  async run(ctx: OperationContext, input) {
    const site = await ctx.repos.sites.findById(input.siteId);
    if (!site || site.organizationId !== input.organizationId) throw notFound('Site');
    const visit = await visitSite(ctx, site, { shareKey: input.shareKey });
    if (!visit.shown) throw notFound('Site');
    checkShown(visit.structure, input);
    return recommendedQuestions();
  },
});

/** A site space or space asked about must be one the visit shows (whether it exists is not told). */
function checkShown(structure: Structure, input: { siteSpaceId?: string; spaceId?: string }): void {
  const shown = locatedSiteSpaces(structure).map((located) => located.siteSpace);
  if (input.siteSpaceId !== undefined && !shown.some((siteSpace) => siteSpace.id === input.siteSpaceId))
    throw notFound('Site space');
  if (input.spaceId !== undefined && !shown.some((siteSpace) => siteSpace.spaceId === input.spaceId))
    throw notFound('Space');
}
