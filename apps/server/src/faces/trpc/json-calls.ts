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
import type { FastifyRequest } from 'fastify';
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

interface Options {
  router: AnyTRPCRouter;
  maxBatchSize: number;
  createContext: () => Promise<unknown>;
  onInternalError: (error: TRPCError) => void;
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

export async function answerJsonCalls(
  request: FastifyRequest,
  options: Options,
): Promise<JsonCallsResponse | undefined> {
  const query = request.query as Record<string, string | undefined>;
  const contentType = request.headers['content-type'];
  if (request.headers['trpc-accept'] !== undefined || query.connectionParams !== undefined) return undefined;
  // A subscription (a live view): server-sent events, which only `resolveResponse` streams.
  if (request.headers.accept?.includes('text/event-stream')) return undefined;
  if (request.method === 'POST' && contentType !== undefined && !contentType.startsWith('application/json')) {
    return undefined;
  }
  const type: TRPCProcedureType = request.method === 'GET' ? 'query' : 'mutation';
  const isBatch = query.batch === '1';
  const pathname = request.url.split('?')[0]!.slice('/trpc/'.length);
  const paths = isBatch ? decodeURIComponent(pathname).split(',') : [decodeURIComponent(pathname)];
  const { router } = options;
  const config = router._def._config;

  let ctx: unknown;
  const errorEnvelope = (cause: unknown, path: string | undefined, input: unknown) => {
    const error = getTRPCErrorFromUnknown(cause);
    if (error.code === 'INTERNAL_SERVER_ERROR') options.onInternalError(error);
    return {
      envelope: { error: getTRPCErrorShape({ config, error, type, path, input, ctx }) } as Envelope,
      error,
    };
  };

  try {
    if (isBatch && paths.length > options.maxBatchSize) {
      throw new TRPCError({
        code: 'BAD_REQUEST',
        message: `Batch size limit of ${options.maxBatchSize} exceeded`,
      });
    }
    const raw =
      type === 'query' ? parseJson(query.input, 'input') : parseJson(request.body as string, 'body');
    const inputs = isBatch ? ((raw ?? {}) as Record<string, unknown>) : { 0: raw };
    ctx = await options.createContext();
    const envelopes: Envelope[] = [];
    const errors: Array<TRPCError | undefined> = [];
    for (const [index, path] of paths.entries()) {
      const input = inputs[index];
      try {
        const direct = options.directProcedures?.get(path);
        const data =
          direct?.type === type
            ? await direct.call(ctx, input)
            : await callTRPCProcedure({
                router,
                path,
                getRawInput: async () => input,
                ctx,
                type,
                signal: undefined,
                batchIndex: index,
              });
        envelopes.push({ result: { data } });
        errors.push(undefined);
      } catch (cause) {
        const { envelope, error } = errorEnvelope(cause, path, input);
        envelopes.push(envelope);
        errors.push(error);
      }
    }
    const json = isBatch ? envelopes : envelopes[0]!;
    // biome-ignore lint/suspicious/noExplicitAny: tRPC's response envelope type is internal
    return { status: getHTTPStatusCode(json as any, errors), body: JSON.stringify(json) };
  } catch (cause) {
    // The request as a whole failed (bad JSON, batch too large): one error, as tRPC answers it.
    const { envelope, error } = errorEnvelope(cause, undefined, undefined);
    // biome-ignore lint/suspicious/noExplicitAny: tRPC's response envelope type is internal
    return { status: getHTTPStatusCode(envelope as any, [error]), body: JSON.stringify(envelope) };
  }
}
