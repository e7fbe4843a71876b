/**
 * The merge rules as the API shows and takes them (Quire's own resource, `MergeRules`), and
 * a change request's merge status (`ChangeRequestMergeStatus`): each rule that applies, the
 * first that blocks, and what the caller may do, so the web app's merge button can say why.
 */
import { z } from 'zod';
import { IdSchema, TimestampSchema } from '../../../core/schemas';
import { CHANGE_REQUEST_ACTIONS } from '../../../policies/change-request-policy';
import { MAX_REQUIRED_REVIEWERS } from './limits';
import { MERGE_RULES, type MergeRuleSettings, NO_MERGE_RULES } from './merge-rules';
import type { MergeRulesRecord } from './records';

const settingsShape = {
  minApprovals: z
    .number()
    .int()
    .min(0)
    .max(10)
    .describe('Rule 1: approvals of the current revision needed (0: none)'),
  requireRequestedReviewers: z.boolean().describe('Rule 2: every requested reviewer must approve'),
  requireUpToDate: z.boolean().describe('Rule 3: the change request must be up to date with the space'),
  requiredReviewers: z
    .array(IdSchema)
    .max(MAX_REQUIRED_REVIEWERS)
    .describe(`Rule 4: ids of people who must approve (at most ${MAX_REQUIRED_REVIEWERS})`),
};

/** What a PUT of merge rules takes: every setting, or the ones to change from none. */
export const MergeRulesInputShape = {
  minApprovals: settingsShape.minApprovals.optional(),
  requireRequestedReviewers: settingsShape.requireRequestedReviewers.optional(),
  requireUpToDate: settingsShape.requireUpToDate.optional(),
  requiredReviewers: settingsShape.requiredReviewers.optional(),
};

export const MergeRulesSchema = z
  .object({
    object: z.literal('merge-rules').describe('Always "merge-rules"'),
    source: z
      .enum(['space', 'organization', 'none'])
      .describe("Where the rules in force come from: the space's own, its organization's, or none"),
    ...settingsShape,
    updatedAt: TimestampSchema.optional().describe('When these rules were last set'),
  })
  .meta({ id: 'MergeRules', description: 'What a change request needs before it may be merged' });
export type MergeRules = z.infer<typeof MergeRulesSchema>;

export function presentMergeRules(record: MergeRulesRecord | null, source: MergeRules['source']): MergeRules {
  const settings: MergeRuleSettings = record ?? NO_MERGE_RULES;
  return {
    object: 'merge-rules',
    source,
    minApprovals: settings.minApprovals,
    requireRequestedReviewers: settings.requireRequestedReviewers,
    requireUpToDate: settings.requireUpToDate,
    requiredReviewers: [...settings.requiredReviewers],
    ...(record ? { updatedAt: record.updatedAt } : {}),
  };
}

export const MergeRuleOutcomeSchema = z.object({
  number: z.number().int().min(1).max(4).describe("The rule's number"),
  rule: z.enum(MERGE_RULES).describe('The rule'),
  satisfied: z.boolean().describe('Whether the change request meets it'),
  message: z.string().describe('What the rule asks, and what is missing'),
  waitingFor: z.array(z.string()).optional().describe('Ids of the people who have yet to approve'),
});

export const MergeStatusSchema = z
  .object({
    object: z.literal('change-request-merge-status').describe('Always "change-request-merge-status"'),
    mergeable: z
      .boolean()
      .describe('True when the change request is open or a draft and no merge rule blocks it'),
    blockedBy: MergeRuleOutcomeSchema.optional().describe('The first rule that blocks the merge'),
    rules: z.array(MergeRuleOutcomeSchema).describe('Every rule in force, in order'),
    source: z.enum(['space', 'organization', 'none']).describe('Where the rules in force come from'),
    permissions: z
      .object(
        Object.fromEntries(CHANGE_REQUEST_ACTIONS.map((action) => [action, z.boolean()])) as Record<
          (typeof CHANGE_REQUEST_ACTIONS)[number],
          z.ZodBoolean
        >,
      )
      .describe('What the caller may do with the change request (its rule table)'),
  })
  .meta({
    id: 'ChangeRequestMergeStatus',
    description: 'Whether a change request may be merged, and why not',
  });
export type MergeStatus = z.infer<typeof MergeStatusSchema>;
