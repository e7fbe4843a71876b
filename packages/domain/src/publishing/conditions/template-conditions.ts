/**
 * The catalog of ready-made conditions a site's settings offer (GitBook's
 * `template-conditions`), built from its adaptive schema: for each claim one condition for
 * visitors who have it true and one for the others (false or missing: a visitor without
 * the claim is shown what is meant for "not X"), and, when there are two claims or more,
 * one example joining the first two with `&&`. The texts are printed from trees, so each
 * parses back and passes `checkCondition` against the same schema.
 */

import { type AdaptiveSchema, type ClaimPath, claimPathsOf } from './adaptive-schema';
import type { ConditionNode } from './condition-ast';
import { printCondition } from './condition-print';

export interface TemplateCondition {
  description: string;
  condition: string;
}

const claimNode = (claim: ClaimPath): ConditionNode => ({
  kind: 'claim',
  path: claim.unsigned ? ['unsigned', claim.name] : [claim.name],
});

const isTrue = (claim: ClaimPath): ConditionNode => ({
  kind: 'compare',
  operator: '==',
  left: claimNode(claim),
  right: { kind: 'literal', value: true },
});

const label = (claim: ClaimPath): string => claim.name + ' claim' + (claim.unsigned ? ' (unsigned)' : '');

export function templateConditionsOf(schema: AdaptiveSchema): TemplateCondition[] {
  const claims = claimPathsOf(schema);
  const templates = claims.flatMap((claim): TemplateCondition[] => [
    { description: 'Visitors whose ' + label(claim) + ' is true', condition: printCondition(isTrue(claim)) },
    {
      description: 'Visitors whose ' + label(claim) + ' is false or missing',
      condition: printCondition({ kind: 'not', operand: claimNode(claim) }),
    },
  ]);
  const [first, second] = claims;
  if (first && second) {
    templates.push({
      description: 'Visitors whose ' + label(first) + ' and ' + label(second) + ' are both true',
      condition: printCondition({ kind: 'and', left: isTrue(first), right: isTrue(second) }),
    });
  }
  return templates;
}
