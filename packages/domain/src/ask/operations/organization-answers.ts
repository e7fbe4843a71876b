/**
 * The events answering a question from an organization's content, as `orgs.ask` and
 * `orgs.askStream` share them: the organization's search (`spaces.searchInOrganization`, run
 * as the caller: the spaces they may view, nothing else) finds the pages, the best go to the
 * AI provider as numbered passages (`answer-question.ts`).
 *
 * Order: membership first (404 for an organization the caller is not in), then the provider
 * (400 without one), then the search, then the asker's and the organization's budgets of
 * questions (429 past either, the provider not called: `answer-budget.ts`), then the
 * provider's answer (503 when it fails).
 */
import type { OperationContext } from '../../core/context';
import { authorizeOrganization } from '../../policies/organization-policy';
import { searchOperations } from '../../search';
import { answerEvents, assertAnswerProvider } from '../answer-question';
import { ASK_LIMITS } from '../ask-limits';
import type { SearchAIAnswerEvent } from '../ask-schema';
import { foundPagesOf } from '../found-pages';
import { passagesOf } from '../passages';
import type { StoppableItems } from '../streamed-list';

export async function organizationAnswerEvents(
  ctx: OperationContext,
  organizationId: string,
  question: string,
): Promise<StoppableItems<SearchAIAnswerEvent>> {
  await authorizeOrganization(ctx, organizationId, 'view');
  assertAnswerProvider(ctx);
  const found = await searchOperations.spaces.searchInOrganization.run(ctx, {
    organizationId,
    query: question,
    limit: ASK_LIMITS.passages,
  });
  const passages = await passagesOf(ctx, foundPagesOf(found.items));
  return answerEvents(ctx, organizationId, question, passages);
}
