/**
 * Validation rules of Quire's own, run with the built-in ones before any resolver (through
 * an envelop plugin, so both the plain JSON path and Yoga's use them).
 */
import { GraphQLError, type ValidationRule } from 'graphql';
import type { Plugin } from 'graphql-yoga';

/** The schema has no subscription type: say so as a validation error, not a 500. */
export const NoSubscriptionsRule: ValidationRule = (context) => ({
  OperationDefinition(node) {
    if (node.operation !== 'subscription') return;
    context.reportError(
      new GraphQLError('Subscriptions are not supported: use queries and mutations', {
        nodes: node,
        extensions: { code: 'validation', httpStatus: 400 },
      }),
    );
  },
});

export const quireValidationRules: Plugin = {
  onValidate: ({ addValidationRule }) => addValidationRule(NoSubscriptionsRule),
};
