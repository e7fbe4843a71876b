/**
 * Adaptive-content conditions: pure and dependency-free, so the web app imports them to
 * validate a condition as a person types, and the server to check and evaluate them.
 */

export {
  ADAPTIVE_SCHEMA_LIMITS,
  type AdaptiveClaimSchema,
  type AdaptiveSchema,
  type AdaptiveUnsignedSchema,
  CLAIM_NAME_PATTERN,
  type ClaimPath,
  claimPathsOf,
  DEFAULT_ADAPTIVE_SCHEMA,
} from './adaptive-schema';
export { type CompiledCondition, compileCondition } from './compile-condition';
export { CONDITION_LIMITS, type ConditionLiteralValue, type ConditionNode } from './condition-ast';
export { type ConditionProblem, checkCondition } from './condition-check';
export { evaluateCondition } from './condition-evaluate';
export { type ConditionSyntaxError, type ParseConditionResult, parseCondition } from './condition-expression';
export { printCondition } from './condition-print';
export { type TemplateCondition, templateConditionsOf } from './template-conditions';
export {
  type AdaptiveSchemaIssue,
  type ValidateAdaptiveSchemaResult,
  validateAdaptiveSchema,
} from './validate-adaptive-schema';
