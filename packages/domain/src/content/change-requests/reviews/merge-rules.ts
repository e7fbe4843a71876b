/**
 * Whether a change request may be merged under its merge rules, computed in this one place.
 * Pure: `merge-check.ts` gathers the inputs; the merge operation refuses with the first
 * blocking rule and the merge status shows every rule to the web app's merge button.
 *
 * The rules (each applies only when the space's, else the organization's, settings turn it on):
 * 1. approval: at least `minApprovals` people approved the change request's current revision
 *    (their newest review is an approval of it).
 * 2. requested-reviewers: every requested reviewer approved the current revision.
 * 3. up-to-date: the change request is not behind its space (`outdated` is false).
 * 4. required-reviewer: each named reviewer approved the current revision.
 * A review asking for changes counts for no rule; an outdated review counts for none either, nor
 * does the review of someone who may no longer review the change request (`standing-verdicts.ts`).
 */
import type { ChangeRequestReviewStatus, MergeRulesRecord } from './records';

export const MERGE_RULES = ['approval', 'requested-reviewers', 'up-to-date', 'required-reviewer'] as const;
export type MergeRule = (typeof MERGE_RULES)[number];

export type MergeRuleSettings = Pick<
  MergeRulesRecord,
  'minApprovals' | 'requireRequestedReviewers' | 'requireUpToDate' | 'requiredReviewers'
>;

/** No rule: a change request merges as it always has. */
export const NO_MERGE_RULES: MergeRuleSettings = {
  minApprovals: 0,
  requireRequestedReviewers: false,
  requireUpToDate: false,
  requiredReviewers: [],
};

export interface MergeRulesInput {
  settings: MergeRuleSettings;
  /** Each word on the current revision of someone who may still review (`standingVerdicts`). */
  verdicts: ReadonlyMap<string, ChangeRequestReviewStatus>;
  requestedReviewers: readonly string[];
  outdated: boolean;
}

export interface MergeRuleOutcome {
  /** The rule's number above (1 to 4). */
  number: number;
  rule: MergeRule;
  satisfied: boolean;
  /** What the rule asks, and on refusal what is missing (user ids). */
  message: string;
  /** Who has yet to approve, for the rules that name people. */
  waitingFor?: string[];
}

/** The rules that apply, in their order, each satisfied or not. */
export function evaluateMergeRules({
  settings,
  verdicts,
  requestedReviewers,
  outdated,
}: MergeRulesInput): MergeRuleOutcome[] {
  const approved = (userId: string) => verdicts.get(userId) === 'approved';
  const approvals = [...verdicts.values()].filter((status) => status === 'approved').length;
  const outcomes: MergeRuleOutcome[] = [];
  if (settings.minApprovals > 0) {
    outcomes.push({
      number: 1,
      rule: 'approval',
      satisfied: approvals >= settings.minApprovals,
      message: `At least ${settings.minApprovals} approval(s) of the current revision (${approvals} so far)`,
    });
  }
  if (settings.requireRequestedReviewers) {
    const waitingFor = requestedReviewers.filter((userId) => !approved(userId));
    outcomes.push({
      number: 2,
      rule: 'requested-reviewers',
      satisfied: waitingFor.length === 0,
      message:
        waitingFor.length === 0
          ? 'Every requested reviewer approved the current revision'
          : `Every requested reviewer must approve the current revision (${waitingFor.length} have not)`,
      ...(waitingFor.length > 0 ? { waitingFor } : {}),
    });
  }
  if (settings.requireUpToDate) {
    outcomes.push({
      number: 3,
      rule: 'up-to-date',
      satisfied: !outdated,
      message: outdated
        ? 'The change request must be brought up to date with the space first'
        : 'The change request is up to date with the space',
    });
  }
  if (settings.requiredReviewers.length > 0) {
    const waitingFor = settings.requiredReviewers.filter((userId) => !approved(userId));
    outcomes.push({
      number: 4,
      rule: 'required-reviewer',
      satisfied: waitingFor.length === 0,
      message:
        waitingFor.length === 0
          ? 'The required reviewers approved the current revision'
          : `The required reviewers must approve the current revision (${waitingFor.length} have not)`,
      ...(waitingFor.length > 0 ? { waitingFor } : {}),
    });
  }
  return outcomes;
}

/** The first rule that blocks the merge, or null when it may go ahead. */
export const blockingRule = (outcomes: readonly MergeRuleOutcome[]): MergeRuleOutcome | null =>
  outcomes.find((outcome) => !outcome.satisfied) ?? null;
