import type { DomainErrorCode } from '@quire/domain';

/**
 * HTTP status of every domain error code, exhaustive by type: a new code fails to compile
 * until it is mapped here (tRPC's `getHTTPStatusCode.ts` does the same). Used by REST and by
 * the tRPC and GraphQL faces for their `httpStatus` extensions.
 */
export const HTTP_STATUS_OF = {
  not_found: 404,
  validation: 400,
  invalid_position: 400,
  no_change: 409,
  cannot_move: 412,
  unauthenticated: 401,
  forbidden: 403,
  conflict: 409,
  restore_window_passed: 410,
  rate_limited: 429,
  payload_too_large: 413,
  unavailable: 503,
} as const satisfies Record<DomainErrorCode, number>;
