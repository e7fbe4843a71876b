/**
 * The tree a condition parses into: plain data, no positions, so two spellings of the same
 * condition (`===` or `==`, extra parentheses, quotes) give equal trees.
 */

export type ConditionLiteralValue = boolean | null | number | string;

export type ConditionNode =
  | { kind: 'or'; left: ConditionNode; right: ConditionNode }
  | { kind: 'and'; left: ConditionNode; right: ConditionNode }
  | { kind: 'not'; operand: ConditionNode }
  /** `===` and `!==` parse to `==` and `!=`: the evaluator never converts types (see `condition-evaluate.ts`). */
  | { kind: 'compare'; operator: '==' | '!='; left: ConditionNode; right: ConditionNode }
  | { kind: 'literal'; value: ConditionLiteralValue }
  /** `visitor.claims.unsigned.betaUser` is `{ kind: 'claim', path: ['unsigned', 'betaUser'] }`. */
  | { kind: 'claim'; path: readonly string[] };

/** The bounds that keep parsing, checking and evaluating one condition cheap. */
export const CONDITION_LIMITS = {
  /** Characters of the condition's text (a section's or a site space's `condition` field). */
  maxLength: 1024,
  /** Levels of `( )` and `!` inside one another. */
  maxDepth: 64,
  /** Nodes of the tree: every literal, claim, `!`, comparison, `&&` and `||` counts one. */
  maxNodes: 256,
} as const;

/** Segments a path may never name: reading them would reach an object's prototype machinery. */
export const FORBIDDEN_CLAIM_SEGMENTS: ReadonlySet<string> = new Set([
  '__proto__',
  'constructor',
  'prototype',
]);
