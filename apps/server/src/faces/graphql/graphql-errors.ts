import { isDomainError } from '@quire/domain';
import { GraphQLError } from 'graphql';
import { HTTP_STATUS_OF } from '../../http/error-status';

/**
 * Domain errors become GraphQL errors with the domain code, the status REST would answer
 * and the seconds its `Retry-After` would say in `extensions`; anything else is rethrown for Yoga to mask ("Unexpected error.")
 * and log.
 */
export function toGraphqlError(error: unknown): unknown {
  if (!isDomainError(error)) return error;
  return new GraphQLError(error.message, {
    extensions: {
      code: error.code,
      httpStatus: HTTP_STATUS_OF[error.code],
      ...(error.details.issues ? { issues: error.details.issues } : {}),
      ...(error.details.conflicts ? { conflicts: error.details.conflicts } : {}),
      // A field's refusal travels in the body: its `Retry-After` too (a store outage, a rate limit).
      ...(error.details.retryAfterSeconds !== undefined
        ? { retryAfterSeconds: error.details.retryAfterSeconds }
        : {}),
    },
  });
}
