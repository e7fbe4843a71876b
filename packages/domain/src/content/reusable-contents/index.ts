/** Reusable contents and variables: what other areas and the apps use of them. */
export {
  type ExpressionOutcome,
  type ExpressionScope,
  evaluateExpression,
  expressionText,
} from './expressions';
export { type IncludeLine, includeLines } from './include-lines';
export { type ResolveOptions, resolvedDocument } from './resolved-document';
export {
  presentReusableContent,
  type ReusableContent,
  ReusableContentSchema,
} from './reusable-content-schema';
export { extrasOf, type RevisionExtras, reusableContentsOf, variablesOf } from './revision-extras';
export {
  MAX_VARIABLES,
  orderedVariables,
  sameVariables,
  VariableNameSchema,
  VariableValueSchema,
} from './variables';
