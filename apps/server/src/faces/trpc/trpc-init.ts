/**
 * The one tRPC instance every part of the tRPC face builds on: its context, its error
 * formatter (the domain's codes, REST's status, never a stack) and the mapping of domain
 * errors to tRPC codes.
 */
import { type DomainError, type DomainErrorCode, isDomainError } from '@quire/domain';
import { initTRPC, type TRPC_ERROR_CODE_KEY, TRPCError } from '@trpc/server';
import { HTTP_STATUS_OF } from '../../http/error-status';
import type { RequestAccess } from '../../request-context';
import type { BrowserExchange } from '../../sessions/browser-exchange';
import type { MailedLinks } from '../../sessions/mailed-links';
import type { SignIns } from '../../sessions/sign-ins';
import type { LiveViews } from './live-views';

export interface TrpcContext {
  access: RequestAccess;
  /** The browser's request and the reply's cookies: what the `session.*` procedures read and set. */
  browser: BrowserExchange;
  /** Signing in and out (`session-router.ts`). */
  signIns: SignIns;
  /** Invitations' and password resets' links (`session-router.ts`). */
  mailedLinks: MailedLinks;
  /** The event bus and the open live views (`live-router.ts`). */
  live: LiveViews;
}

/** tRPC's error code for each domain error code, exhaustive by type. */
const TRPC_CODE_OF = {
  not_found: 'NOT_FOUND',
  validation: 'BAD_REQUEST',
  invalid_position: 'BAD_REQUEST',
  no_change: 'CONFLICT',
  cannot_move: 'PRECONDITION_FAILED',
  unauthenticated: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  conflict: 'CONFLICT',
  restore_window_passed: 'PRECONDITION_FAILED',
  rate_limited: 'TOO_MANY_REQUESTS',
  payload_too_large: 'PAYLOAD_TOO_LARGE',
  unavailable: 'SERVICE_UNAVAILABLE',
} as const satisfies Record<DomainErrorCode, TRPC_ERROR_CODE_KEY>;

/** A domain error as tRPC reports it: the matching code, the message, the cause for the formatter. */
export const toTrpcError = (error: DomainError): TRPCError =>
  new TRPCError({ code: TRPC_CODE_OF[error.code], message: error.message, cause: error });

export const t = initTRPC.context<TrpcContext>().create({
  // Never development mode: tRPC would put stack traces (absolute paths, versions) in errors.
  isDev: false,
  sse: {
    // A comment line every 15 s keeps proxies from closing a quiet view; a client that hears
    // nothing for 30 s reconnects. A view lasts 10 minutes at most, then reconnects: each
    // connection authenticates again, so a revoked token or session stops within that time.
    ping: { enabled: true, intervalMs: 15_000 },
    client: { reconnectAfterInactivityMs: 30_000 },
    maxDurationMs: 10 * 60_000,
  },
  errorFormatter({ shape, error }) {
    // Without a stack, whatever the mode (`isDev` above is the first guard).
    const { stack: _stack, ...data } = shape.data as typeof shape.data & { stack?: string };
    const cause = error.cause;
    if (isDomainError(cause)) {
      return {
        ...shape,
        data: {
          ...data,
          // The status REST would answer, so clients see the same outcome on every face.
          httpStatus: HTTP_STATUS_OF[cause.code],
          domainCode: cause.code,
          issues: cause.details.issues,
          conflicts: cause.details.conflicts,
        },
      };
    }
    if (error.code === 'INTERNAL_SERVER_ERROR') return { ...shape, data, message: 'Internal server error' };
    return { ...shape, data };
  },
});

/** The root types of every router built on `t`, as the client sees them. */
export type RootTypes = {
  ctx: TrpcContext;
  meta: object;
  errorShape: ReturnType<NonNullable<typeof t._config.errorFormatter>>;
  transformer: false;
};
