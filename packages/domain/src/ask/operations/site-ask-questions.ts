/**
 * The questions a site suggests its readers ask its AI assistant (GitBook's
 * `streamRecommendedQuestionsInSite`, `GET ORG/sites/{siteId}/ask/questions`). GitBook answers
 * them as a stream of events, one `{question}` each (the REST face sends the list so:
 * `RestRoute.eventStream`); the GraphQL and tRPC faces answer the list itself.
 *
 * The questions are the ones stored for the site's current version (`stored-questions.ts`),
 * written by a job from what the site's anonymous visitor reads, the same for every visitor;
 * none while that job has not run, and none on a server without an AI provider or for a site
 * whose customization has AI off (`site-ai-mode.ts`; an empty stream, which GitBook's renderer
 * reads as "no suggestions"). Who may ask is exactly who
 * may search the site (`search-site.ts`): whoever the published view shows the site to
 * (`visitSite`: a member who may view it, a visitor of a published site with what its
 * visibility needs, a site API token's bearer for its own site).
 *
 * Outcomes: a site the caller is not shown, or of another organization, 404 'Site'; a
 * `siteSpaceId` (or GitBook's deprecated `spaceId`) the visit does not show, 404 'Site space'
 * ('Space'); otherwise the site's questions (the same whatever site space is named).
 */
import { z } from 'zod';
import type { OperationContext } from '../../core/context';
import { notFound } from '../../core/errors';
import { operation } from '../../core/operation';
import {
  locatedSiteSpaces,
  ShareKeySchema,
  SiteIdParam,
  SiteOrganizationIdParam,
  type Structure,
  visitSite,
} from '../../publishing';
import { storedSiteQuestions } from '../stored-questions';

/** One suggested question (GitBook's `SearchAIRecommendedQuestionStream`: an event of the stream). */
export const RecommendedQuestionSchema = z
  .strictObject({ question: z.string().describe('A question to ask') })
  .meta({ id: 'SearchAIRecommendedQuestion', examples: [{ question: 'How do I install it?' }] });
export type RecommendedQuestion = z.infer<typeof RecommendedQuestionSchema>;

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
    return (await storedSiteQuestions(ctx, site)).map((question) => ({ question }));
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
