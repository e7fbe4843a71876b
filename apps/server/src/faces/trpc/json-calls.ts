/**
 * tRPC's plain JSON calls (GET queries, POST mutations, `?batch=1` batches), answered with
 * tRPC's own pieces: `callTRPCProcedure` runs the procedure through its middlewares,
 * `getTRPCErrorShape` formats errors with the router's error formatter, `getHTTPStatusCode`
 * picks the status. What it skips is `resolveResponse`'s generality (a WHATWG Request and
 * Response per call, `AbortSignal.any`, streaming), which cost more than the operation
 * itself. Anything else (streamed `trpc-accept` responses, subscriptions over server-sent
 * events, non-JSON bodies, connection params) is left to `resolveResponse`: this function returns undefined for it.
 */
import {
  type AnyTRPCRouter,
  callTRPCProcedure,
  getTRPCErrorFromUnknown,
  getTRPCErrorShape,
  TRPCError,
  type TRPCProcedureType,
} from '@trpc/server';
import { getHTTPStatusCode } from '@trpc/server/http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { parseJsonText } from '../../http/json-text';

export interface JsonCallsResponse {
  status: number;
  body: string;
}

/** A procedure with no middleware of its own, called as a function (see `directProceduresOf`). */
export interface DirectProcedure {
  type: TRPCProcedureType;
  call(ctx: unknown, input: unknown): Promise<unknown>;
}

export interface JsonCallsOptions {
  router: AnyTRPCRouter;
  maxBatchSize: number;
  /** The request's context: called once per request, once its input parsed. */
  createContext: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  onInternalError: (request: FastifyRequest, error: TRPCError) => void;
  /** Procedures called directly when the call's type is theirs; any other goes through tRPC. */
  directProcedures?: ReadonlyMap<string, DirectProcedure>;
}

type Envelope = { result: { data: unknown } } | { error: unknown };

function parseJson(text: string | undefined, what: string): unknown {
  if (text === undefined) return undefined;
  const parsed = parseJsonText(text);
  if (parsed.ok) return parsed.value;
  const code = parsed.problem === 'is not valid JSON' ? 'PARSE_ERROR' : 'BAD_REQUEST';
  throw new TRPCError({ code, message: `${what} ${parsed.problem}` });
}

/** The procedure path(s) of `/trpc/<path>?...`, percent-decoded. */
function pathnameOf(url: string): string {
  const end = url.indexOf('?');
  const pathname = url.slice('/trpc/'.length, end === -1 ? url.length : end);
  return pathname.includes('%') ? decodeURIComponent(pathname) : pathname;
}

/**
 * One call's outcome: the envelope and, for a failure, its error. Whole options objects and
 * closures are not made per request: the server's build names every function it creates.
 */
interface Outcome {
  envelope: Envelope;
  error: TRPCError | undefined;
}

function failure(
  request: FastifyRequest,
  options: JsonCallsOptions,
  cause: unknown,
  call: { type: TRPCProcedureType; path: string | undefined; input: unknown; ctx: unknown },
): Outcome {
  const error = getTRPCErrorFromUnknown(cause);
  if (error.code === 'INTERNAL_SERVER_ERROR') options.onInternalError(request, error);
  const config = options.router._def._config;
  return { envelope: { error: getTRPCErrorShape({ config, error, ...call }) }, error };
}

async function callOne(
  request: FastifyRequest,
  options: JsonCallsOptions,
  ctx: unknown,
  type: TRPCProcedureType,
  path: string,
  input: unknown,
  batchIndex: number,
): Promise<Outcome> {
  try {
    const direct = options.directProcedures?.get(path);
    const data =
      direct?.type === type
        ? await direct.call(ctx, input)
        : await callTRPCProcedure({
            router: options.router,
            path,
            getRawInput: async () => input,
            ctx,
            type,
            signal: undefined,
            batchIndex,
          });
    return { envelope: { result: { data } }, error: undefined };
  } catch (cause) {
    return failure(request, options, cause, { type, path, input, ctx });
  }
}

export async function answerJsonCalls(
  request: FastifyRequest,
  reply: FastifyReply,
  options: JsonCallsOptions,
): Promise<JsonCallsResponse | undefined> {
  const query = request.query as Record<string, string | undefined>;
  const { headers } = request;
  const contentType = headers['content-type'];
  if (headers['trpc-accept'] !== undefined || query.connectionParams !== undefined) return undefined;
  // A subscription (a live view): server-sent events, which only `resolveResponse` streams.
  if (headers.accept?.includes('text/event-stream')) return undefined;
  if (request.method === 'POST' && contentType !== undefined && !contentType.startsWith('application/json')) {
    return undefined;
  }
  const type: TRPCProcedureType = request.method === 'GET' ? 'query' : 'mutation';
  const isBatch = query.batch === '1';
  const pathname = pathnameOf(request.url);

  let ctx: unknown;
  try {
    const paths = isBatch ? pathname.split(',') : undefined;
    if (paths && paths.length > options.maxBatchSize) {
      throw new TRPCError({
        code: 'BAD_REQUEST',
        message: `Batch size limit of ${options.maxBatchSize} exceeded`,
      });
    }
    const raw =
      type === 'query' ? parseJson(query.input, 'input') : parseJson(request.body as string, 'body');
    ctx = await options.createContext(request, reply);
    if (!paths) {
      const { envelope, error } = await callOne(request, options, ctx, type, pathname, raw, 0);
      // biome-ignore lint/suspicious/noExplicitAny: tRPC's response envelope type is internal
      return { status: getHTTPStatusCode(envelope as any, [error]), body: JSON.stringify(envelope) };
    }
    const inputs = (raw ?? {}) as Record<string, unknown>;
    const envelopes: Envelope[] = [];
    const errors: Array<TRPCError | undefined> = [];
    for (const [index, path] of paths.entries()) {
      const { envelope, error } = await callOne(request, options, ctx, type, path, inputs[index], index);
      envelopes.push(envelope);
      errors.push(error);
    }
    // biome-ignore lint/suspicious/noExplicitAny: tRPC's response envelope type is internal
    return { status: getHTTPStatusCode(envelopes as any, errors), body: JSON.stringify(envelopes) };
  } catch (cause) {
    // The request as a whole failed (bad JSON, batch too large): one error, as tRPC answers it.
    const { envelope, error } = failure(request, options, cause, {
      type,
      path: undefined,
      input: undefined,
      ctx,
    });
    // biome-ignore lint/suspicious/noExplicitAny: tRPC's response envelope type is internal
    return { status: getHTTPStatusCode(envelope as any, [error]), body: JSON.stringify(envelope) };
  }
}
