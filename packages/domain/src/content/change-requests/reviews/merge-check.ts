/**
 * The merge rules of a change request gathered and evaluated (`evaluateMergeRules`): read by
 * the merge (which refuses on the first blocking rule, before writing anything) and by the
 * merge status.
 */
import type { OperationContext } from '../../../core/context';
import { DomainError } from '../../../core/errors';
import type { SpaceRecord } from '../../spaces/records';
import { isOutdated } from '../outdated';
import type { ChangeRequestRecord } from '../records';
import { MAX_REQUESTED_REVIEWERS, MAX_REVIEWS_READ } from './limits';
import { blockingRule, evaluateMergeRules, type MergeRuleOutcome, NO_MERGE_RULES } from './merge-rules';
import type { MergeRulesRecord } from './records';
import { standingVerdicts } from './standing-verdicts';

/** The rules in force for a space: its own, else its organization's, else none. */
export async function mergeRulesOf(
  ctx: Pick<OperationContext, 'repos'>,
  space: Pick<SpaceRecord, 'id' | 'organizationId'>,
): Promise<{ record: MergeRulesRecord | null; source: 'space' | 'organization' | 'none' }> {
  const own = await ctx.repos.mergeRules.find('space', space.id);
  if (own) return { record: own, source: 'space' };
  const inherited = await ctx.repos.mergeRules.find('organization', space.organizationId);
  return inherited ? { record: inherited, source: 'organization' } : { record: null, source: 'none' };
}

export interface MergeCheck {
  outcomes: MergeRuleOutcome[];
  blocking: MergeRuleOutcome | null;
  source: 'space' | 'organization' | 'none';
}

/** Every rule in force for `changeRequest`, evaluated against its current revision. */
export async function checkMergeRules(
  ctx: Pick<OperationContext, 'repos'>,
  space: SpaceRecord,
  changeRequest: ChangeRequestRecord,
): Promise<MergeCheck> {
  const { record, source } = await mergeRulesOf(ctx, space);
  if (!record) return { outcomes: [], blocking: null, source };
  const [reviews, requested] = await Promise.all([
    ctx.repos.changeRequestReviews.listOf(changeRequest.id, MAX_REVIEWS_READ),
    ctx.repos.changeRequestReviewers.listOf(changeRequest.id, MAX_REQUESTED_REVIEWERS),
  ]);
  const requestedReviewers = requested.map((reviewer) => reviewer.userId);
  const outcomes = evaluateMergeRules({
    settings: record ?? NO_MERGE_RULES,
    verdicts: await standingVerdicts(ctx, space, changeRequest, reviews, requestedReviewers),
    requestedReviewers,
    outdated: isOutdated(changeRequest, space.revisionId ?? ''),
  });
  return { outcomes, blocking: blockingRule(outcomes), source };
}

/** The merge's refusal: GitBook's error shape (409), naming the rule that blocks it. */
export const mergeBlocked = (rule: MergeRuleOutcome): DomainError =>
  new DomainError('conflict', `Merge rule ${rule.number} (${rule.rule}) blocks the merge: ${rule.message}`);
