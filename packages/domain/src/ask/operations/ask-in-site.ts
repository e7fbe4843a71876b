/**
 * A question answered from a site's content (GitBook's `streamAskInSite`,
 * `POST ORG/sites/{siteId}/ask`): the site's search (`sites.search`, run as the caller, with
 * the same scope) finds the pages, the best of them go to the AI provider as numbered
 * passages, and the answer comes back as a stream of events, each the answer so far with the
 * pages it cites (`answer-question.ts`). Only what the search shows the caller reaches the
 * model: a member's viewable spaces, a visitor's published ones, a site API token's own.
 *
 * Outcomes: a site the caller is not shown, 404 'Site' (before anything else); a server
 * without a provider, 400 saying what to set; a site whose customization has AI off (`ai.mode`
 * `none`, the default, for the site and every site space shown: `site-ai-mode.ts`), 400 saying
 * so, nothing searched or sent; a scope naming a site space the visit does not
 * show, 404 'Site space'; a bad question, 400 naming `question`; a provider that fails or
 * times out before answering, 503 with its safe message; nothing found, one event with no
 * answer and no source (the provider is not called); the search refused for the visitor's new
 * set of conditions (`sites.search`'s 429), the same 429 before the provider is called;
 * past the asker's (a visitor: their address) or the organization's budget of questions
 * (`answer-budget.ts`), 429 with `Retry-After`, the provider not called.
 */
import { z } from 'zod';
import { DomainError, notFound } from '../../core/errors';
import { operation } from '../../core/operation';
import {
  publishingOperations,
  ShareKeySchema,
  SiteIdParam,
  SiteOrganizationIdParam,
  SiteSearchScopeSchema,
  visitSite,
} from '../../publishing';
import { SearchQueryParam } from '../../search';
import { answerEvents, assertAnswerProvider } from '../answer-question';
import { AnswerFormatParam } from '../ask-fields';
import { ASK_LIMITS } from '../ask-limits';
import { SearchAIAnswerEventSchema } from '../ask-schema';
import { foundPagesOf } from '../found-pages';
import { passagesOf } from '../passages';
import { SITE_WITHOUT_AI_MESSAGE, siteAnswersQuestions } from '../site-ai-mode';
import { streamedList } from '../streamed-list';

export const askInSite = operation({
  name: 'sites.ask',
  kind: 'query',
  summary: "Answer a question from a site's content, with the pages used (streamed)",
  access: 'visitor',
  input: z.strictObject({
    organizationId: SiteOrganizationIdParam,
    siteId: SiteIdParam,
    question: SearchQueryParam.describe('The question'),
    scope: SiteSearchScopeSchema,
    context: z
      .strictObject({
        siteSpaceId: z
          .string()
          .min(1)
          .max(64)
          .optional()
          .describe('The site space the question is asked from'),
        goal: z.string().max(1024).optional().describe('What the asker is trying to do'),
      })
      .optional(),
    session: z
      .strictObject({ visitorId: z.string().min(1).max(128), sessionId: z.string().min(1).max(128) })
      .optional()
      .describe("The reader's session (not kept)"),
    format: AnswerFormatParam,
    shareKey: ShareKeySchema.optional(),
  }),
  output: z
    .array(SearchAIAnswerEventSchema)
    .describe('The answer as it is written, each event the answer so far'),
  async run(ctx, input) {
    const site = await ctx.repos.sites.findById(input.siteId);
    if (!site || site.organizationId !== input.organizationId) throw notFound('Site');
    const visit = await visitSite(ctx, site, { shareKey: input.shareKey });
    if (!visit.shown) throw notFound('Site');
    assertAnswerProvider(ctx);
    if (!siteAnswersQuestions(ctx, site, visit.structure))
      throw new DomainError('validation', SITE_WITHOUT_AI_MESSAGE);
    const found = await publishingOperations.sites.search.run(ctx, {
      organizationId: input.organizationId,
      siteId: input.siteId,
      query: input.question,
      scope: input.scope,
      ...(input.shareKey === undefined ? {} : { shareKey: input.shareKey }),
      limit: ASK_LIMITS.passages,
    });
    const passages = await passagesOf(ctx, foundPagesOf(found.items));
    return streamedList(await answerEvents(ctx, site.organizationId, input.question, passages));
  },
});
