/**
 * One procedure per operation of the registry, at the operation's name
 * (`orgs.members.list`). Procedures take the raw input and call `runOperation`, which
 * authenticates before it validates (401 before 400) exactly as REST and GraphQL do.
 */
import {
  type AnyOperation,
  flattenOperations,
  isDomainError,
  isOperation,
  type OperationTree,
} from '@quire/domain';
import type { TRPCMutationProcedure, TRPCQueryProcedure, TRPCRouterRecord } from '@trpc/server';
import type { z } from 'zod';
import { runOperation } from '../run-operation';
import type { DirectProcedure } from './json-calls';
import { type TrpcContext, t, toTrpcError } from './trpc-init';

const rawInput = (input: unknown) => input;

/** Runs an operation as its procedure: a domain error becomes the matching tRPC error. */
async function callOperation(op: AnyOperation, ctx: TrpcContext, input: unknown): Promise<unknown> {
  try {
    return await runOperation(op, ctx.access, input);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    // A store outage (and a rate limit, whose headers the charge sent) says when to retry.
    if (error.details.retryAfterSeconds !== undefined)
      ctx.browser.retryAfter(error.details.retryAfterSeconds);
    throw toTrpcError(error);
  }
}

function procedureFor(op: AnyOperation) {
  const builder = t.procedure.input(rawInput);
  const resolve = ({ ctx, input }: { ctx: TrpcContext; input: unknown }) => callOperation(op, ctx, input);
  return op.kind === 'query' ? builder.query(resolve) : builder.mutation(resolve);
}

/**
 * The operations' procedures as plain calls, by path: a procedure of an operation has no
 * middleware but its raw input, so a plain JSON call may run it without tRPC's middleware
 * chain (which copies its options object at each step), the same function either way.
 */
export function directProceduresOf(tree: OperationTree): Map<string, DirectProcedure> {
  return new Map(
    flattenOperations(tree).map(([path, op]) => [
      path,
      { type: op.kind, call: (ctx: unknown, input: unknown) => callOperation(op, ctx as TrpcContext, input) },
    ]),
  );
}

/** The procedures of an operation tree, nested as the tree is. */
export function routerRecordOf(tree: OperationTree): TRPCRouterRecord {
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

/** The procedures of an operation tree, typed. */
export type RouterRecordOf<Tree> = {
  [K in keyof Tree]: Tree[K] extends AnyOperation ? ProcedureOf<Tree[K]> : RouterRecordOf<Tree[K]>;
};
