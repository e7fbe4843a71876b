/**
 * The merge rules of a space and of an organization: read by whoever may view the space (or
 * is a member), set by the space's admins (or the organization's). A space's own rules
 * replace its organization's whole; removing them makes the organization's apply again.
 */
import { z } from 'zod';
import { callerOf, type OperationContext } from '../../../../core/context';
import { invalidInput } from '../../../../core/errors';
import { operation } from '../../../../core/operation';
import { OrganizationIdParam } from '../../../../organizations';
import { authorizeSpace } from '../../../../policies/authorize-space';
import { authorizeOrganization } from '../../../../policies/organization-policy';
import { SpaceIdParam } from '../../../spaces/operations/params';
import { mergeRulesOf } from '../merge-check';
import { NO_MERGE_RULES } from '../merge-rules';
import { MergeRulesInputShape, MergeRulesSchema, presentMergeRules } from '../merge-rules-schema';
import type { MergeRulesRecord } from '../records';

type RulesInput = { [K in keyof typeof MergeRulesInputShape]?: z.output<(typeof MergeRulesInputShape)[K]> };

/** The record a PUT writes: what it gives, the rest as none. Required reviewers must be members (400). */
async function rulesRecord(
  ctx: OperationContext,
  scope: MergeRulesRecord['scope'],
  target: { id: string; organizationId: string },
  input: RulesInput,
): Promise<MergeRulesRecord> {
  const requiredReviewers = [...new Set(input.requiredReviewers ?? [])];
  const members = await Promise.all(
    requiredReviewers.map((userId) => ctx.repos.members.find(target.organizationId, userId)),
  );
  for (const [i, member] of members.entries()) {
    if (!member || member.disabled)
      throw invalidInput(`requiredReviewers.${i}`, 'not a member of the organization');
  }
  return {
    scope,
    targetId: target.id,
    minApprovals: input.minApprovals ?? NO_MERGE_RULES.minApprovals,
    requireRequestedReviewers: input.requireRequestedReviewers ?? NO_MERGE_RULES.requireRequestedReviewers,
    requireUpToDate: input.requireUpToDate ?? NO_MERGE_RULES.requireUpToDate,
    requiredReviewers,
    updatedBy: callerOf(ctx).userId,
    updatedAt: ctx.clock.now().toISOString(),
  };
}

/** The rules in force for a space (its own, else its organization's). Needs view; 404 otherwise. */
export const getSpaceMergeRules = operation({
  name: 'spaces.mergeRules.get',
  kind: 'query',
  summary: 'Get the merge rules in force for a space',
  input: z.strictObject({ spaceId: SpaceIdParam }),
  output: MergeRulesSchema,
  async run(ctx, input) {
    const { space } = await authorizeSpace(ctx, input.spaceId, 'view');
    const { record, source } = await mergeRulesOf(ctx, space);
    return presentMergeRules(record, source);
  },
});

/**
 * Sets a space's own merge rules (fields not given: none). Needs admin on the space: 404 for
 * who cannot view it, 403 below admin; a required reviewer who is not a member of the
 * organization, 400 naming `requiredReviewers.<i>`; nothing written on any refusal.
 */
export const updateSpaceMergeRules = operation({
  name: 'spaces.mergeRules.update',
  kind: 'mutation',
  summary: 'Set the merge rules of a space',
  input: z.strictObject({ spaceId: SpaceIdParam, ...MergeRulesInputShape }),
  output: MergeRulesSchema,
  async run(ctx, input) {
    const { space } = await authorizeSpace(ctx, input.spaceId, 'admin');
    const record = await rulesRecord(
      ctx,
      'space',
      { id: space.id, organizationId: space.organizationId },
      input,
    );
    await ctx.repos.mergeRules.put(record);
    return presentMergeRules(record, 'space');
  },
});

/** Removes a space's own merge rules: its organization's apply again. Needs admin; 205/204. */
export const removeSpaceMergeRules = operation({
  name: 'spaces.mergeRules.remove',
  kind: 'mutation',
  summary: "Remove a space's own merge rules",
  input: z.strictObject({ spaceId: SpaceIdParam }),
  output: z.object({ removed: z.boolean().describe('False when the space had no rules of its own') }),
  async run(ctx, input) {
    const { space } = await authorizeSpace(ctx, input.spaceId, 'admin');
    return { removed: await ctx.repos.mergeRules.remove('space', space.id) };
  },
});

/** An organization's merge rules. Needs membership: 404 otherwise. */
export const getOrganizationMergeRules = operation({
  name: 'orgs.mergeRules.get',
  kind: 'query',
  summary: 'Get the merge rules of an organization',
  input: z.strictObject({ organizationId: OrganizationIdParam }),
  output: MergeRulesSchema,
  async run(ctx, input) {
    const { organization } = await authorizeOrganization(ctx, input.organizationId, 'view');
    const record = await ctx.repos.mergeRules.find('organization', organization.id);
    return presentMergeRules(record, record ? 'organization' : 'none');
  },
});

/**
 * Sets an organization's merge rules, for every space without its own. Needs the
 * organization's admin role: 404 for a non-member, 403 below admin; a required reviewer who
 * is not a member, 400 naming `requiredReviewers.<i>`; nothing written on any refusal.
 */
export const updateOrganizationMergeRules = operation({
  name: 'orgs.mergeRules.update',
  kind: 'mutation',
  summary: 'Set the merge rules of an organization',
  input: z.strictObject({ organizationId: OrganizationIdParam, ...MergeRulesInputShape }),
  output: MergeRulesSchema,
  async run(ctx, input) {
    const { organization } = await authorizeOrganization(ctx, input.organizationId, 'admin');
    const target = { id: organization.id, organizationId: organization.id };
    const record = await rulesRecord(ctx, 'organization', target, input);
    await ctx.repos.mergeRules.put(record);
    return presentMergeRules(record, 'organization');
  },
});
