/**
 * The tRPC face: a router generated from the operation registry, one procedure per
 * operation at the operation's name (`orgs.members.list`). Procedures take the raw input
 * and call `executeOperation`, which authenticates before it validates (401 before 400)
 * exactly as REST and GraphQL do. `AppRouter` is exported for the web app.
 */
import {
  type AnyOperation,
  type DomainError,
  type DomainErrorCode,
  isDomainError,
  isOperation,
  type Operations,
  type OperationTree,
  operations,
} from '@quire/domain';
import {
  initTRPC,
  type TRPC_ERROR_CODE_KEY,
  type TRPCBuiltRouter,
  TRPCError,
  type TRPCMutationProcedure,
  type TRPCQueryProcedure,
  type TRPCRouterRecord,
} from '@trpc/server';
import type { z } from 'zod';
import { HTTP_STATUS_OF } from '../../http/error-status';
import type { RequestAccess } from '../../request-context';
import { runOperation } from '../run-operation';

export interface TrpcContext {
  access: RequestAccess;
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

const t = initTRPC.context<TrpcContext>().create({
  // Never development mode: tRPC would put stack traces (absolute paths, versions) in errors.
  isDev: false,
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
        },
      };
    }
    if (error.code === 'INTERNAL_SERVER_ERROR') return { ...shape, data, message: 'Internal server error' };
    return { ...shape, data };
  },
});

const rawInput = (input: unknown) => input;

function procedureFor(op: AnyOperation) {
  const builder = t.procedure.input(rawInput);
  const resolve = async ({ ctx, input }: { ctx: TrpcContext; input: unknown }) => {
    try {
      return await runOperation(op, ctx.access, input);
    } catch (error) {
      if (isDomainError(error)) throw toTrpcError(error);
      throw error;
    }
  };
  return op.kind === 'query' ? builder.query(resolve) : builder.mutation(resolve);
}

function routerRecordOf(tree: OperationTree): TRPCRouterRecord {
  const record: TRPCRouterRecord = {};
  for (const [key, value] of Object.entries(tree)) {
    record[key] = isOperation(value) ? procedureFor(value) : routerRecordOf(value);
  }
  return record;
}

/** The procedure type of one operation, as the client sees it. */
type ProcedureOf<Op> = Op extends {
  kind: infer Kind;
  input: infer Input extends z.ZodType;
  output: infer Output extends z.ZodType;
}
  ? Kind extends 'query'
    ? TRPCQueryProcedure<{ input: z.input<Input>; output: z.output<Output>; meta: object }>
    : TRPCMutationProcedure<{ input: z.input<Input>; output: z.output<Output>; meta: object }>
  : never;

type RouterRecordOf<Tree> = {
  [K in keyof Tree]: Tree[K] extends AnyOperation ? ProcedureOf<Tree[K]> : RouterRecordOf<Tree[K]>;
};

type RootTypes = {
  ctx: TrpcContext;
  meta: object;
  errorShape: ReturnType<NonNullable<typeof t._config.errorFormatter>>;
  transformer: false;
};

export type AppRouter = TRPCBuiltRouter<RootTypes, RouterRecordOf<Operations>>;

export const appRouter = t.router(routerRecordOf(operations)) as unknown as AppRouter;
