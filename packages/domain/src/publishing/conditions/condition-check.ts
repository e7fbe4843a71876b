/**
 * Checks a parsed condition against a site's adaptive schema, so a condition that can never
 * mean what its author thinks is refused when it is written, not silently false later.
 *
 * The rules, one problem each (repeats of the same problem reported once):
 * 1. `visitor.claims.unsigned.<name>` needs `<name>` among the unsigned claims.
 * 2. `visitor.claims.<name>` needs `<name>` among the signed claims; `unsigned` alone is a
 *    group, not a claim.
 * 3. A claim is a boolean: nothing is read below it (`visitor.claims.a.b`).
 * 4. A boolean claim compared with a string or a number is never equal to it.
 * Comparing with `null` is allowed: it asks whether the visitor lacks the claim.
 */

import {
  type AdaptiveSchema,
  type ClaimPath,
  claimPathsOf,
  isUnsignedGroup,
  UNSIGNED_PROPERTY,
} from './adaptive-schema';
import type { ConditionNode } from './condition-ast';
import { printCondition } from './condition-print';

export interface ConditionProblem {
  message: string;
  /** The claim the problem is about, as the condition spells it. */
  claim: string;
}

/** How many known claims an "unknown claim" message lists. */
const LISTED_CLAIMS = 10;

type ClaimKind = 'boolean' | 'group' | 'unknown' | 'below-boolean';

function claimKindOf(schema: AdaptiveSchema, path: readonly string[]): ClaimKind {
  const [first, second, ...rest] = path;
  if (first === undefined || !Object.hasOwn(schema.properties, first)) return 'unknown';
  const property = schema.properties[first]!;
  if (!isUnsignedGroup(property)) return second === undefined ? 'boolean' : 'below-boolean';
  if (second === undefined) return 'group';
  if (!Object.hasOwn(property.properties, second)) return 'unknown';
  return rest.length === 0 ? 'boolean' : 'below-boolean';
}

const knownClaimsText = (known: readonly ClaimPath[]): string => {
  if (known.length === 0) return "this site's adaptive schema declares no claims";
  const listed = known.slice(0, LISTED_CLAIMS).map((claim) => claim.path);
  const more = known.length > LISTED_CLAIMS ? ` and ${known.length - LISTED_CLAIMS} more` : '';
  return 'known claims: ' + listed.join(', ') + more;
};

export function checkCondition(ast: ConditionNode, schema: AdaptiveSchema): ConditionProblem[] {
  const problems = new Map<string, ConditionProblem>();
  const add = (claim: string, message: string): void => {
    if (!problems.has(message)) problems.set(message, { message, claim });
  };
  let known: ClaimPath[] | undefined;

  const checkClaim = (node: ConditionNode & { kind: 'claim' }): ClaimKind => {
    const claim = printCondition(node);
    const kind = claimKindOf(schema, node.path);
    if (kind === 'unknown') {
      known ??= claimPathsOf(schema);
      add(claim, `Unknown claim ${claim}: ${knownClaimsText(known)}`);
    } else if (kind === 'group') {
      add(
        claim,
        `${claim} groups the unsigned claims: name one, like visitor.claims.${UNSIGNED_PROPERTY}.<name>`,
      );
    } else if (kind === 'below-boolean') {
      add(claim, `${claim} reads below a boolean claim: a boolean has no parts`);
    }
    return kind;
  };

  const checkComparedSide = (side: ConditionNode, other: ConditionNode): void => {
    if (side.kind !== 'claim' || checkClaim(side) !== 'boolean' || other.kind !== 'literal') return;
    if (typeof other.value === 'string' || typeof other.value === 'number') {
      const claim = printCondition(side);
      add(
        claim,
        `${claim} is a boolean claim: compare it with true, false or null, not with ${printCondition(other)}`,
      );
    }
  };

  const visit = (node: ConditionNode): void => {
    switch (node.kind) {
      case 'or':
      case 'and':
        visit(node.left);
        visit(node.right);
        return;
      case 'not':
        visit(node.operand);
        return;
      case 'compare':
        checkComparedSide(node.left, node.right);
        checkComparedSide(node.right, node.left);
        if (node.left.kind !== 'claim') visit(node.left);
        if (node.right.kind !== 'claim') visit(node.right);
        return;
      case 'claim':
        checkClaim(node);
        return;
      case 'literal':
        return;
    }
  };

  visit(ast);
  return [...problems.values()];
}
